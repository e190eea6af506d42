/// A child process that could not be started.
struct SpawnError: Error, CustomStringConvertible {
    let description: String
}
