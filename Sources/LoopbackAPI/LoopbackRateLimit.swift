/// A steady limit like the public API's: at most `requests` let through in any `window` (sliding; one second
/// unless a test wants a window no machine is slow enough to outlast), the rest answered 429 with `Retry-After`.
/// Requests it turns away do not count, so a client that keeps asking is not locked out for ever; those it lets
/// through count whatever their answer, faults included, since a limit sits in front of the application.
package struct LoopbackRateLimit: Sendable, Equatable {
    package var requests: Int
    package var window: Duration
    package var retryAfter: String

    package init(requests: Int, per window: Duration = .seconds(1), retryAfter: String = "1") {
        self.requests = max(1, requests)
        self.window = window
        self.retryAfter = retryAfter
    }
}
