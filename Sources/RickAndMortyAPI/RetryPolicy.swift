import Foundation

/// How often and how patiently a request is retried: exponential backoff with jitter, and a server's
/// `Retry-After` honoured up to a ceiling (so a misbehaving server cannot park a nightly build for hours).
/// Only real failures (5xx, timeouts, damaged bodies) count against `maxAttempts`; throttling is flow control
/// (see `RequestLimiter`) and is waited out for as long as the caller's overall deadline allows.
struct RetryPolicy: Sendable, Equatable {
    /// Attempts that fail for real, in all, the first included. Eight, not five: against an API failing one
    /// answer in five or six at random (a 500 every 9th answer and a cut body every 13th, as `rmwiki-bench fetch --rate-limit` injects), five attempts give
    /// one request in 5,000 no good answer, which fails about one whole fetch of 878 requests in six; eight make
    /// it one in a thousand fetches.
    var maxAttempts: Int
    /// The first retry waits 125–250 ms: a one-off fault (the usual kind) costs little even at the end of a fetch,
    /// where nothing else fills the wait, and with eight attempts a request that keeps failing is still given
    /// 16–32 s of backoff in all (five attempts from 0.5 s gave it 3.75–7.5 s).
    var baseDelay: Duration
    var maxDelay: Duration
    /// The longest `Retry-After` obeyed; longer ones are cut to this.
    var maxRetryAfter: Duration

    init(
        maxAttempts: Int = 8, baseDelay: Duration = .milliseconds(250), maxDelay: Duration = .seconds(20),
        maxRetryAfter: Duration = .seconds(60)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    static let standard = RetryPolicy()

    /// The pause a throttling answer without `Retry-After` imposes: long enough for a per-second limit to
    /// refill.
    static let defaultThrottlePause: Duration = .seconds(1)
    /// The most a `Retry-After` is stretched by jitter. Never shortened: the server said "not before".
    static let retryAfterSpread = 0.1

    /// The wait before attempt `failedAttempt + 1`. `jitter` in 0...1 spreads clients apart ("full jitter"
    /// over the upper half of the backoff window, so the wait still grows with each attempt).
    /// A `Retry-After` replaces the backoff: the server said when it is worth asking again.
    func delay(afterAttempt failedAttempt: Int, retryAfter: Duration?, jitter: Double) -> Duration {
        let spread = min(max(jitter, 0), 1)
        if let retryAfter {
            return honoured(retryAfter, spread: spread)
        }
        let exponent = min(max(failedAttempt - 1, 0), 30)
        let backoff = min(baseDelay * (1 << exponent), maxDelay)
        return backoff * (0.5 + 0.5 * spread)
    }

    /// How long every request pauses after a throttling answer (429, or 503 with `Retry-After`).
    func throttlePause(retryAfter: Duration?, jitter: Double) -> Duration {
        honoured(retryAfter ?? Self.defaultThrottlePause, spread: min(max(jitter, 0), 1))
    }

    /// Clients that were told the same `Retry-After` would otherwise come back in lockstep.
    private func honoured(_ retryAfter: Duration, spread: Double) -> Duration {
        min(max(retryAfter, .zero), maxRetryAfter) * (1 + Self.retryAfterSpread * spread)
    }

    /// `Retry-After` as delay-seconds or as an HTTP date. Nil for anything else, and for a wait that is not
    /// positive (`-5`, `0`, a date gone by): taken at its word, that would let a server set any pace at all, so it
    /// counts as no `Retry-After`.
    static func retryAfter(_ value: String?, now: Date = Date()) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return seconds > 0 ? .seconds(seconds) : nil }
        if let date = HTTPDate.date(from: value) {
            let milliseconds = Int(date.timeIntervalSince(now) * 1000)
            return milliseconds > 0 ? .milliseconds(milliseconds) : nil
        }
        return nil
    }
}
