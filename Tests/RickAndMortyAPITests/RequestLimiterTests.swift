import Foundation
import Testing
@testable import RickAndMortyAPI

/// Flow control as the limiter alone does it. Its waits are real (a pause is the server's clock, not ours), so the
/// checks are lower bounds on when requests start, which hold however slow the machine is.
@Suite struct RequestLimiterTests {
    @Test func queuedRequestsWaitOutThePauseToo() async throws {
        let limiter = RequestLimiter(limit: 1)
        let first = try await limiter.acquire()
        // Queued behind the only slot, before anyone was throttled.
        async let queued = limiter.acquire()
        let throttledAt = ContinuousClock.now
        await limiter.finish(first, .throttled(pause: .milliseconds(300)))
        let next = try await queued
        #expect(next.started >= throttledAt + .milliseconds(300))
    }

    @Test func aThrottlingAnswerSetsAPaceJustUnderWhatGotThroughAndHalvesTheWindow() async throws {
        let limiter = RequestLimiter(limit: 8)
        for _ in 0..<10 {
            await limiter.finish(try await limiter.acquire(), .answered)
        }
        let throttled = try await limiter.acquire()
        await limiter.finish(throttled, .throttled(pause: .milliseconds(50)))

        let before = ContinuousClock.now
        var tickets = [try await limiter.acquire()]
        let pace = try #require(tickets[0].newPace)
        #expect(abs(pace.requestsPerSecond - RequestLimiter.decrease * 10) < 0.001)
        #expect(pace.inFlight == 4)
        for _ in 1..<4 { tickets.append(try await limiter.acquire()) }
        #expect(tickets.dropFirst().allSatisfy { $0.newPace == nil })
        // Starts are spaced 1/rate apart from the end of the pause on (the rate grows a little meanwhile).
        let spacing = 1 / pace.requestsPerSecond
        #expect(tickets[3].started >= before + .seconds(3 * spacing * 0.99))
        #expect(await limiter.pace?.inFlight == 4)
    }

    @Test func answersToRequestsSentBeforeTheCutDoNotCutAgain() async throws {
        let limiter = RequestLimiter(limit: 8)
        let early = [try await limiter.acquire(), try await limiter.acquire()]
        for _ in 0..<5 {
            await limiter.finish(try await limiter.acquire(), .answered)
        }
        await limiter.finish(early[0], .throttled(pause: .zero))
        await limiter.finish(early[1], .throttled(pause: .seconds(60)))
        let next = try await limiter.acquire()
        // One cut: the window halved once, and the stale answer's long pause was not taken.
        #expect(next.newPace?.inFlight == 4)
        #expect(next.newPace.map { abs($0.requestsPerSecond - RequestLimiter.decrease * 5) < 0.001 } == true)
    }

    @Test func theWindowGrowsBackByAboutOnePerWindowOfAnswers() async throws {
        let limiter = RequestLimiter(limit: 4)
        for _ in 0..<20 {
            await limiter.finish(try await limiter.acquire(), .answered)
        }
        await limiter.finish(try await limiter.acquire(), .throttled(pause: .zero))
        #expect(await limiter.pace?.inFlight == 2)
        // 2, then 2.5, 2.9, 3.24 after each answer.
        var windows: [Int?] = []
        for _ in 0..<3 {
            await limiter.finish(try await limiter.acquire(), .answered)
            windows.append(await limiter.pace?.inFlight)
        }
        #expect(windows == [2, 2, 3])
        // Timeouts and broken connections are no sign that more in flight would be welcome.
        await limiter.finish(try await limiter.acquire(), .noAnswer)
        #expect(await limiter.pace?.inFlight == 3)
    }

    @Test func aCancelledTaskStartsNoRequestAndFreesTheSlot() async throws {
        let limiter = RequestLimiter(limit: 1)
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await limiter.acquire()
        }
        switch await cancelled.result {
        case .success(let ticket):
            Issue.record("a cancelled task was given a ticket")
            await limiter.finish(ticket, .answered)
        case .failure(let error):
            #expect(error is CancellationError, "\(error)")
        }
        // The one slot is free again: this would wait for ever otherwise.
        await limiter.finish(try await limiter.acquire(), .answered)
    }

    @Test func cancellationEndsAWaitAndFreesTheSlot() async throws {
        let limiter = RequestLimiter(limit: 1)
        await limiter.finish(try await limiter.acquire(), .throttled(pause: .seconds(60)))
        let waiting = Task { try await limiter.acquire() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
