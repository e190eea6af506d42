import Foundation
@testable import RickAndMortyAPI
import Testing

@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(maxAttempts: 6, baseDelay: .milliseconds(100), maxDelay: .seconds(1), maxRetryAfter: .seconds(30))

    @Test func backoffDoublesWithinTheJitterWindowUpToTheCeiling() {
        #expect(policy.delay(afterAttempt: 1, retryAfter: nil, jitter: 0) == .milliseconds(50))
        #expect(policy.delay(afterAttempt: 1, retryAfter: nil, jitter: 1) == .milliseconds(100))
        #expect(policy.delay(afterAttempt: 3, retryAfter: nil, jitter: 1) == .milliseconds(400))
        #expect(policy.delay(afterAttempt: 3, retryAfter: nil, jitter: 0.5) == .milliseconds(300))
        #expect(policy.delay(afterAttempt: 9, retryAfter: nil, jitter: 1) == .seconds(1))
        #expect(policy.delay(afterAttempt: 200, retryAfter: nil, jitter: 1) == .seconds(1))
    }

    /// Within a microsecond: jitter is a floating-point factor.
    func same(_ duration: Duration, _ expected: Duration) -> Bool {
        max(duration - expected, expected - duration) < .microseconds(1)
    }

    @Test func retryAfterReplacesTheBackoffUpToItsCeilingAndIsStretchedByJitter() {
        #expect(same(policy.delay(afterAttempt: 1, retryAfter: .seconds(7), jitter: 0), .seconds(7)))
        #expect(same(policy.delay(afterAttempt: 1, retryAfter: .seconds(7), jitter: 1), .milliseconds(7700)))
        #expect(same(policy.delay(afterAttempt: 1, retryAfter: .seconds(3600), jitter: 0), .seconds(30)))
        #expect(same(policy.delay(afterAttempt: 1, retryAfter: .seconds(3600), jitter: 1), .seconds(33)))
    }

    @Test func aThrottlingPauseIsTheRetryAfterOrASecondJitteredNeverShortened() {
        #expect(same(policy.throttlePause(retryAfter: nil, jitter: 0), .seconds(1)))
        #expect(same(policy.throttlePause(retryAfter: nil, jitter: 0.5), .milliseconds(1050)))
        #expect(same(policy.throttlePause(retryAfter: .seconds(2), jitter: 1), .milliseconds(2200)))
        #expect(policy.throttlePause(retryAfter: .zero, jitter: 1) == .zero)
    }

    @Test func atLeastOneAttempt() {
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
    }

    @Test func retryAfterIsReadAsSecondsOrAsAnHTTPDate() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(RetryPolicy.retryAfter("5", now: now) == .seconds(5))
        #expect(RetryPolicy.retryAfter(HTTPDate.string(from: now.addingTimeInterval(12)), now: now) == .seconds(12))
        // A wait that is not positive would let a server set any pace: it counts as none (the default pause).
        #expect(RetryPolicy.retryAfter(HTTPDate.string(from: now.addingTimeInterval(-12)), now: now) == nil)
        for invalid in ["soon", "-5", "0", "1.5", ""] {
            #expect(RetryPolicy.retryAfter(invalid, now: now) == nil, "\(invalid)")
        }
        #expect(RetryPolicy.retryAfter(nil, now: now) == nil)
        #expect(HTTPDate.string(from: now) == "Tue, 14 Nov 2023 22:13:20 GMT")
    }
}
