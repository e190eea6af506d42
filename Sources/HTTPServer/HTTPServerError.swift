public enum HTTPServerError: Error, Sendable, Equatable {
    case invalidHost(String)
    /// A system call failed; `errno` is kept for diagnosis.
    case socket(operation: String, errno: Int32)
    /// `start()` was called on a server that had already been started.
    case alreadyStarted
    /// `stop()` was called while `start()` was still binding.
    case stopped
}
