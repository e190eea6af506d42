import Foundation

/// How often and how patiently a request is retried: exponential backoff with jitter, and a server's
/// `Retry-After` honoured up to a ceiling (so a misbehaving server cannot park a nightly build for hours).
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    public var baseDelay: Duration
    public var maxDelay: Duration
    /// The longest `Retry-After` obeyed; longer ones are cut to this.
    public var maxRetryAfter: Duration

    public init(
        maxAttempts: Int = 5, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(20),
        maxRetryAfter: Duration = .seconds(60)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    public static let standard = RetryPolicy()

    /// The wait before attempt `failedAttempt + 1`. `jitter` in 0...1 spreads clients apart ("full jitter"
    /// over the upper half of the backoff window, so the wait still grows with each attempt).
    /// A `Retry-After` replaces the backoff: the server said when it is worth asking again.
    public func delay(afterAttempt failedAttempt: Int, retryAfter: Duration?, jitter: Double) -> Duration {
        if let retryAfter {
            return min(max(retryAfter, .zero), maxRetryAfter)
        }
        let exponent = min(max(failedAttempt - 1, 0), 30)
        let backoff = min(baseDelay * (1 << exponent), maxDelay)
        let spread = min(max(jitter, 0), 1)
        return backoff * (0.5 + 0.5 * spread)
    }

    /// `Retry-After` as delay-seconds or as an HTTP date.
    public static func retryAfter(_ value: String?, now: Date = Date()) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return .seconds(max(seconds, 0)) }
        if let date = HTTPDate.date(from: value) {
            return .milliseconds(max(Int(date.timeIntervalSince(now) * 1000), 0))
        }
        return nil
    }
}
