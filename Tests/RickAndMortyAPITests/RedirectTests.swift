import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import Testing

/// Redirects are followed by the client, within the request's own host, a bounded number of times; URLSession
/// never follows one itself (it used to abort the process when a request was cancelled while a redirect waited).
@Suite(.ownThread) struct RedirectTests {
    /// What a static file server answers for a folder's name without its slash.
    static func trailingSlashes(_ status: Int) -> [LoopbackFaultRule] {
        ["character", "location", "episode"].map { LoopbackFaultRule(.pathPrefix("/api/\($0)?"), .addTrailingSlash(status: status)) }
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aSameHostRedirectIsFollowed(status: Int) async throws {
        try await Fixture.withServer { server, base in
            await server.setFaults(Self.trailingSlashes(status))
            let fetch = try await Fixture.client(base).fetchSnapshot()
            #expect(fetch.snapshot == (await server.servedSnapshot()))
            let log = await server.requestLog()
            #expect(log.contains { $0.target == "/api/character/?page=1" && $0.status == 200 })
            #expect(log.contains { $0.target == "/api/character?page=1" && $0.status == status })
        }
    }

    @Test func aRedirectToAnotherHostIsRefusedNamingTheHost() async throws {
        try await Fixture.withServer { other, otherBase in
            try await Fixture.withServer { server, base in
                let target = "\(otherBase.absoluteString)/location?page=1"
                await server.setFaults([LoopbackFaultRule(.path("/api/location?page=1"), .redirect(to: target))])
                let error = await #expect(throws: APIError.self) { try await Fixture.client(base).fetchSnapshot() }
                #expect(error == .redirectToOtherHost(url: "\(base.absoluteString)/location?page=1", target: target))
                #expect(error?.description.contains("on another host (127.0.0.1:\(otherBase.port ?? 0))") == true)
                #expect(await other.counters().requests == 0)
            }
        }
    }

    @Test func aLongChainStopsAfterTheLimitAndListsTheURLs() async throws {
        try await Fixture.withServer { server, base in
            // /api/location?page=1 → /api/location/?page=1 → /api/location//?page=1 → … never the same URL twice.
            await server.setFaults([LoopbackFaultRule(.pathPrefix("/api/location"), .addTrailingSlash(status: 301))])
            let error = await #expect(throws: APIError.self) { try await Fixture.client(base).fetchSnapshot() }
            guard case .tooManyRedirects(let chain) = try #require(error) else {
                Issue.record("expected tooManyRedirects, got \(String(describing: error))")
                return
            }
            #expect(chain.count == APIClient.maximumRedirects + 2)
            #expect(chain.first == "\(base.absoluteString)/location?page=1")
            #expect(error?.description.contains("redirected more than \(APIClient.maximumRedirects) times") == true)
        }
    }

    /// The crash the issue saw: requests cancelled (another request failed, or the time limit ran out) while their
    /// redirects were in flight. Many fetches in a row, each cancelled at a different moment; a crash ends the
    /// whole test process, so getting to the end is the check.
    @Test func redirectsInFlightWhileTheFetchIsCancelledNeverCrash() async throws {
        try await Fixture.withServer { server, base in
            for round in 0..<200 {
                // A client each round: one attempt each, a connection the last round's cancellation left half closed
                // and kept for reuse was lost at the next request (seen once on a loaded machine) instead of failing
                // with the round's 404.
                let client = Fixture.client(base, concurrency: 8, attempts: 1)
                var faults = Self.trailingSlashes(301)
                if round.isMultiple(of: 2) {
                    // A collection that fails at once cancels the other requests, their redirects in flight.
                    faults.insert(LoopbackFaultRule(.path("/api/location/?page=1"), .status(404)), at: 0)
                    await server.setFaults(faults)
                    let error = await #expect(throws: APIError.self) { try await client.fetchSnapshot() }
                    #expect(error == .unexpectedStatus(url: "\(base.absoluteString)/location?page=1", status: 404, attempt: 1))
                } else {
                    // The time limit cancels whatever is in flight, at a moment that moves from round to round.
                    await server.setFaults(faults)
                    let limit = Duration.milliseconds(round % 20 + 1)
                    do {
                        _ = try await client.withTimeLimit(limit, progress: .silent) { try await client.fetchSnapshot() }
                    } catch let error as APIError {
                        guard case .timeLimitExceeded = error else {
                            Issue.record("round \(round): \(error)")
                            return
                        }
                    }
                }
            }
        }
    }
}
