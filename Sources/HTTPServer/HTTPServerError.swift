public enum HTTPServerError: Error, Sendable, Equatable {
    case invalidHost(String)
    /// A system call failed; `errno` is kept for diagnosis.
    case socket(operation: String, errno: Int32)
    case alreadyStarted
}
