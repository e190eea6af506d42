import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import Testing
import TestSupport

/// The in-flight limit holds across pages and pictures; latency makes requests overlap, so a client without a
/// limit would be caught.
@Suite(.ownThread) struct ConcurrencyLimitTests {
    /// With a limit over one, two requests are in flight at once by construction, not by the server's latency
    /// outrunning a loaded machine (which once saw one at a time with a limit of 3): the episode page is held until a
    /// picture request has arrived beside it. A client that sent one request at a time would never send it, and
    /// the time limit ends the test.
    @Test(.hangGuard, arguments: [1, 3])
    func requestsInFlightNeverExceedTheLimit(limit: Int) async throws {
        let options = LoopbackAPIOptions(latency: .milliseconds(15))
        try await Fixture.withServer(Fixture.snapshot(characters: 45), options: options) { server, base in
            let episodePage = LoopbackGate()
            let picture = LoopbackGate()
            if limit > 1 {
                await server.setFaults([
                    LoopbackFaultRule(.path("/api/episode?page=1"), .hold(episodePage), times: 1),
                    LoopbackFaultRule(.pathPrefix("/api/character/avatar/"), .hold(picture), times: 1),
                ])
            }
            // A held request must not time out and be sent again: the count of requests is exact.
            let service = try Fixture.service(Fixture.client(base, concurrency: limit, timeout: .seconds(600)))
            async let refreshed = service.refresh()
            if limit > 1 {
                await withTaskCancellationHandler {
                    await picture.waitForArrival()
                } onCancel: {
                    episodePage.open()
                    picture.open()
                }
                episodePage.open()
                picture.open()
            }
            let report = try await refreshed
            #expect(report.snapshot == (await server.servedSnapshot()))
            let counters = await server.counters()
            #expect(counters.requests == 5 + 45)
            #expect(counters.maxInFlight <= limit)
            #expect(counters.maxInFlight >= min(limit, 2))
        }
    }

    /// Pictures do not wait for the last record page: a character page's pictures are asked for beside the pages
    /// still outstanding, so that a slow or retried page leaves the other slots busy. The episode page is held
    /// unanswered until a picture request has arrived; a fetch that downloaded pictures only after every page
    /// would never send one, and the time limit ends the test. The limit is a hang guard, not a speed bound: in a
    /// soak's full run, with both cores busy, this small fetch once took over a minute.
    @Test(.hangGuard)
    func picturesAreAskedForBeforeTheLastRecordPageIsAnswered() async throws {
        try await Fixture.withServer { server, base in
            let lastPage = LoopbackGate()
            let picture = LoopbackGate()
            await server.setFaults([
                LoopbackFaultRule(.path("/api/episode?page=1"), .hold(lastPage), times: 1),
                LoopbackFaultRule(.pathPrefix("/api/character/avatar/"), .hold(picture), times: 1),
            ])
            // A held request must not time out and be sent again while the test looks.
            let service = try Fixture.service(Fixture.client(base, timeout: .seconds(600)))
            async let refreshed = service.refresh()
            await withTaskCancellationHandler {
                await picture.waitForArrival()
            } onCancel: {
                // The time limit ended the wait: open the gates, so that a failing fetch fails instead of hanging.
                lastPage.open()
                picture.open()
            }
            try #require(!Task.isCancelled, "no picture was asked for while the episode page was held")
            let answered = await server.requestLog().map(\.target)
            #expect(!answered.contains("/api/episode?page=1"), "the episode page was answered before any picture was asked for")
            lastPage.open()
            picture.open()
            let report = try await refreshed
            #expect(report.snapshot == (await server.servedSnapshot()))
            #expect(report.avatars.count == 45)
            #expect((await server.counters()).requests == 5 + 45)
        }
    }
}
