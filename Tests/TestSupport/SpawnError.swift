/// A child process that could not be started.
public struct SpawnError: Error, CustomStringConvertible {
    public let description: String
}
