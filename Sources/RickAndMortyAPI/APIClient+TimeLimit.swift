import Foundation
extension APIClient {
    /// A nightly job's fetch should end in an hour at most, even when the API throttles it to a crawl.
    package static let defaultMaxTime: Duration = .seconds(3600)

    /// Runs `work` (a refresh, say) for at most `limit`. Throttling is waited out for as long as the API keeps
    /// answering, so this is what bounds a whole fetch. When time runs out, `work` is cancelled and awaited (a
    /// refresh then leaves the cache as it was) and `APIError.timeLimitExceeded` tells how far `progress` got.
    func withTimeLimit<Value: Sendable>(
        _ limit: Duration, progress: ProgressReporter, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: TimeLimitOutcome<Value>.self) { group in
            let deadline = FetchDeadline(end: ContinuousClock.now + limit, limit: limit)
            group.addTask { .finished(try await FetchDeadline.$current.withValue(deadline) { try await work() }) }
            group.addTask {
                try await Task.sleep(for: limit)
                return .expired
            }
            defer { group.cancelAll() }
            // Both children end, so the first `next()` always has an outcome.
            if case .finished(let value)? = try await group.next() { return value }
            let tally = progress.tally
            let pace = await limiter.pace
            group.cancelAll()
            // Work that finished just as time ran out stands; anything else it says now is about the cancellation.
            if case .finished(let value)? = try? await group.next() { return value }
            throw APIError.timeLimitExceeded(limit: limit, progress: tally, throttledTo: pace?.requestsPerSecond)
        }
    }
}

private enum TimeLimitOutcome<Value: Sendable>: Sendable {
    case finished(Value)
    case expired
}

/// When the fetch `withTimeLimit` runs must end, for a request the API tells to wait (`Retry-After`): a wait
/// past it would only sleep until the time limit fails the fetch, so it fails at once, saying why.
struct FetchDeadline: Sendable {
    @TaskLocal static var current: FetchDeadline?

    let end: ContinuousClock.Instant
    let limit: Duration

    func allow(wait: Duration, for url: URL) throws {
        guard ContinuousClock.now + wait > end else { return }
        throw APIError.waitBeyondTimeLimit(url: url.absoluteString, wait: wait, limit: limit)
    }
}
