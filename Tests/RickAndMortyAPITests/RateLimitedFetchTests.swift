import Foundation
import LoopbackAPI
import RickAndMortyAPI
import Testing
import TestSupport

/// Issue 12 §2: under a steady rate limit, with faults on top, a fetch completes, writes the cache a clean fetch
/// writes, and takes little longer than the limit itself requires.
@Suite(
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
    /// one pause at the start, spent anyway, is a small part of it.
    @Test(arguments: [(limit: 10, characters: 38), (limit: 40, characters: 180), (limit: 100, characters: 466)])
    func aFetchFollowsASteadyLimitAndWritesWhatACleanFetchWrites(limit: Int, characters: Int) async throws {
        let slice = try SharedSlice(characters: characters)
        try await LoopbackSession.with(slice.server(options: LoopbackAPIOptions(latency: .milliseconds(5)))) { server, base in
            // The clean fetch also tells what this machine, as loaded as it is now, needs for the work with no limit:
            // time the limit does not explain. The faults add a fifth more requests.
            let clock = ContinuousClock()
            let clean = try Fixture.service(Fixture.client(base, concurrency: 8))
            let cleanStart = clock.now
            _ = try await clean.refresh(recordingAt: Self.date)
            let machineTime = (clock.now - cleanStart) * 1.25
            let cleanCache = DirectoryDigest.contents(of: clean.cache.directory)

            await server.setFaults(Self.faults)
            await server.setRateLimit(LoopbackRateLimit(requests: limit))
            await server.resetCounters()
            let output = LineCollector()
            let progress = ProgressReporter(style: .plainLines) { output.write($0) }
            // Retries back off without waiting: the backoff of real failures is not what is measured here.
            let service = try Fixture.service(Fixture.client(base, concurrency: 8, attempts: 10))
            let started = clock.now
            let report = try await service.refresh(progress: progress, recordingAt: Self.date)
            let wallTime = clock.now - started

            #expect(report.snapshot == (await server.servedSnapshot()))
            #expect(DirectoryDigest.contents(of: service.cache.directory) == cleanCache)
            let counters = await server.counters()
            #expect(counters.throttled > 0, "the limit was never reached, so this proves nothing")
            #expect(report.statistics.throttled > 0)
            #expect(output.text.contains("throttled by the API: now "))
            // Every request the limit let through, retries after faults included, used up its budget.
            let letThrough = counters.requests - counters.throttled
            let floor = Double(letThrough) / Double(limit)
            let bound = 1.5 * floor + machineTime.secondsValue
            #expect(
                wallTime.secondsValue <= bound,
                "\(wallTime) for \(letThrough) requests at \(limit)/s (\(floor) s at the limit; \(machineTime) without it)")
        }
    }
}

extension Duration {
    fileprivate var secondsValue: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
