import Foundation
import LoopbackAPI
import RickAndMortyAPI
import Testing

/// The in-flight limit holds across pages and pictures; latency makes requests overlap, so a client without a
/// limit would be caught.
@Suite struct ConcurrencyLimitTests {
    @Test(arguments: [1, 3])
    func requestsInFlightNeverExceedTheLimit(limit: Int) async throws {
        let options = LoopbackAPIOptions(latency: .milliseconds(15))
        try await Fixture.withServer(Fixture.snapshot(characters: 45), options: options) { server, base in
            let service = try Fixture.service(Fixture.client(base, concurrency: limit))
            let report = try await service.refresh()
            #expect(report.snapshot == (await server.servedSnapshot()))
            let counters = await server.counters()
            #expect(counters.requests == 5 + 45)
            #expect(counters.maxInFlight <= limit)
            // 50 requests of 15 ms each overlap whenever the limit allows it.
            #expect(counters.maxInFlight >= min(limit, 2))
        }
    }
}
