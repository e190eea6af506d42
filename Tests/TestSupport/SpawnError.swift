/// A child process that could not be started.
package struct SpawnError: Error, CustomStringConvertible {
    package let description: String
}
