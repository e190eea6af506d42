import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import Testing
import TestSupport

/// Issue 12 §2: under a steady rate limit, with faults on top, a fetch completes, writes the cache a clean fetch
/// writes, and slows down to the limit instead of hammering it. How long it takes against the limit is a speed
/// figure, measured by `rmwiki-bench fetch --rate-limit N` on the full dataset: a wall-time bound here failed
/// in a soak with both cores loaded (33 s against 22 s allowed), as any timed test on a shared machine can.
@Suite(.tags(.fullData), .skippable(.fullData), 
    .serialized,
    .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
struct RateLimitedFetchTests {
    /// A 500 every 9th request, a truncated body every 13th (of those the limit lets through), 5 ms per request.
    static let faults = [
        LoopbackFaultRule(.everyNth(9), .status(500)),
        LoopbackFaultRule(.everyNth(13), .truncateBody(afterBytes: 64)),
    ]
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    /// The slice's size per limit: about five seconds of requests at the limit (7 record pages of locations, 3 of
    /// episodes, one per 20 characters, one per avatar), plus a fifth more for the faults' retries. Enough that the
    /// one pause at the start, spent anyway, is a small part of it. At 2 a second the limit is reached however slow
    /// the machine: the client sends its first location pages together, several within a millisecond (at 10 a
    /// second, a soak with both cores loaded once made fewer).
    @Test(arguments: [(limit: 2, characters: 4), (limit: 40, characters: 180), (limit: 100, characters: 466)])
    func aFetchFollowsASteadyLimitAndWritesWhatACleanFetchWrites(limit: Int, characters: Int) async throws {
        let slice = try SharedSlice(characters: characters)
        try await LoopbackSession.with(slice.server(options: LoopbackAPIOptions(latency: .milliseconds(5)))) { server, base in
            let clean = try Fixture.service(Fixture.client(base, concurrency: 8))
            _ = try await clean.refresh(recordingAt: Self.date)
            let cleanCache = DirectoryDigest.contents(of: clean.cache.directory)

            await server.setFaults(Self.faults)
            await server.setRateLimit(LoopbackRateLimit(requests: limit))
            await server.resetCounters()
            let output = LineCollector()
            let progress = ProgressReporter(style: .plainLines) { output.write($0) }
            // Retries back off without waiting: the backoff of real failures is not what is measured here.
            let service = try Fixture.service(Fixture.client(base, concurrency: 8, attempts: 10))
            let report = try await service.refresh(progress: progress, recordingAt: Self.date)

            #expect(report.snapshot == (await server.servedSnapshot()))
            #expect(DirectoryDigest.contents(of: service.cache.directory) == cleanCache)
            let counters = await server.counters()
            guard counters.throttled > 0 else {
                // A debug build beside the other suites on a loaded 2-core machine may make fewer than 40 requests
                // a second (seen in soaks), so only 2/s must be reached; above, a run that never reached its limit
                // proves completion and the cache. The pace at each limit is the benchmark's to measure.
                #expect(limit > 2, "the limit was never reached, so this proves nothing")
                return
            }
            #expect(report.statistics.throttled > 0)
            #expect(output.text.contains("throttled by the API: now "))
            // Flow control, not hammering: a client that kept its pace after a 429 would be turned away about as
            // often as let through; this one is turned away a few times per pause (6 to 9 in 1,069 requests in the
            // benchmark). A loaded machine makes it slower, and so turned away less, not more. The requests already
            // on their way when the first 429 comes (at most the client's 8) are turned away together: at 2 a second
            // they are most of a small slice's refusals.
            let letThrough = counters.requests - counters.throttled
            #expect(counters.throttled <= 8 + letThrough / 5, "\(counters.throttled) turned away, \(letThrough) let through")
        }
    }
}
