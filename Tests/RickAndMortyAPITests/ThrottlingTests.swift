import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import Testing
import TestSupport

/// Throttling is flow control: it slows the client down but never counts as a failure.
@Suite(.ownThread) struct ThrottlingTests {
    @Test func throttledAttemptsDoNotConsumeTheRetryBudget() async throws {
        // The last picture, so that every other request has got through and the pace stays quick.
        try await Fixture.withServer { server, base in
            await server.setFaults([
                LoopbackFaultRule(.path("/api/character/avatar/45.jpeg"), .tooManyRequests(retryAfter: "0"), times: 4)
            ])
            // Three attempts for real failures (a loaded machine may time a request out), four throttling answers.
            let sleeps = DelayRecorder()
            let report = try await Fixture.service(Fixture.client(base, attempts: 3, sleeps: sleeps)).refresh()
            #expect(report.snapshot == (await server.servedSnapshot()))
            #expect(report.statistics.throttled == 4)
            #expect(report.statistics.requests == 5 + 45 + 4 + report.statistics.retries)
            #expect(await sleeps.delays.count == report.statistics.retries, "a throttling pause is no failure's backoff")
            #expect(report.summary.last?.contains("4 throttled") == true)
        }
    }

    @Test func a503WithRetryAfterIsThrottlingAndWithoutItAFailure() async throws {
        let image = Fixture.avatar(1)
        let transport = ScriptedTransport { number, _ in
            switch number {
            case 1: TransportResponse(status: 503)
            case 2: TransportResponse(status: 503, headers: ["retry-after": "0"])
            default: TransportResponse(status: 200, headers: ["Content-Type": image.contentType], body: Data(image.bytes))
            }
        }
        let sleeps = DelayRecorder()
        let client = APIClient(
            baseURL: InMemoryTransportTests.base, transport: transport, retryPolicy: RetryPolicy(maxAttempts: 2),
            sleep: { await sleeps.record($0) })
        let report = try await client.downloadAvatars([AvatarDownload(characterID: 1, url: "https://api.example/1.jpeg")]) { _, _ in }
        #expect(report.statistics.requests == 3)
        #expect(report.statistics.retries == 1)
        #expect(report.statistics.throttled == 1)
        #expect(await sleeps.delays.count == 1)
    }

    @Test func aServerThatKeepsFailingStillExhaustsTheBudget() async throws {
        try await Fixture.withServer { server, base in
            // Throttling in between does not reset or extend the count of real failures.
            await server.setFaults([
                LoopbackFaultRule(.path("/api/episode?page=1"), .tooManyRequests(retryAfter: "0"), times: 2),
                LoopbackFaultRule(.path("/api/episode?page=1"), .status(500)),
            ])
            // A time limit no loaded machine reaches, so that every attempt at that page is counted as the server saw it.
            let error = await #expect(throws: APIError.self) {
                try await Fixture.client(base, attempts: 3, timeout: .seconds(120)).fetchSnapshot()
            }
            guard case let .gaveUp(_, status, attempts, _, cause) = error else {
                Issue.record("expected gaveUp, got \(String(describing: error))")
                return
            }
            #expect(status == 500 && attempts == 3 && cause == .serverError)
            #expect(await server.requestLog().filter { $0.target == "/api/episode?page=1" }.count == 5)
        }
    }

    @Test func theTimeLimitStopsAThrottledFetchAndLeavesTheCacheAsItWas() async throws {
        try await Fixture.withServer { server, base in
            let service = try Fixture.service(Fixture.client(base))
            _ = try await service.refresh()
            let before = DirectoryDigest.contents(of: service.cache.directory)

            // Something to write, and a rate limit the five conditional page requests cannot get through in
            // time: two in a minute, against a limit of 20 seconds. The first two pass and the third is turned
            // away, so the fetch is throttled before time runs out (with 3 s, a loaded machine sometimes had not
            // sent the third request yet).
            // No `Retry-After`: one longer than what is left fails at once instead
            // (`aWaitPastTheTimeLimitFailsAtOnce`).
            try await server.updateCharacter(id: 1) { $0.name = "Renamed" }
            await server.setRateLimit(LoopbackRateLimit(requests: 2, per: .seconds(60), retryAfter: ""))
            let client = Fixture.client(base)
            let limited = DataService(client: client, cache: service.cache)
            let progress = ProgressReporter.silent
            let error = await #expect(throws: APIError.self) {
                try await client.withTimeLimit(.seconds(20), progress: progress) { try await limited.refresh(progress: progress) }
            }
            guard case let .timeLimitExceeded(limit, tally, throttledTo) = error else {
                Issue.record("expected timeLimitExceeded, got \(String(describing: error))")
                return
            }
            #expect(limit == .seconds(20))
            // Page 1 of the characters tells of two more pages, if it got through before time ran out.
            #expect(tally.phase == "Records" && tally.done < tally.expected && [3, 5].contains(tally.expected))
            #expect(throttledTo != nil)
            let text = try #require(error).description
            #expect(text.contains(
                "did not finish within --max-time 20s (Records: \(tally.done) of \(tally.expected) requests done"))
            #expect(text.contains("throttled by the API to") && text.contains("the cache is unchanged"))
            #expect(!text.contains("--concurrency"))
            #expect(DirectoryDigest.contents(of: service.cache.directory) == before)
        }
    }

    @Test func aWaitPastTheTimeLimitFailsAtOnce() async throws {
        try await Fixture.withServer { server, base in
            await server.setFaults([LoopbackFaultRule(.path("/api/location?page=1"), .tooManyRequests(retryAfter: "86400"))])
            let client = Fixture.client(base)
            let error = await #expect(throws: APIError.self) {
                try await client.withTimeLimit(.seconds(600), progress: .silent) { try await client.fetchSnapshot() }
            }
            // Not ten minutes of sleep: had the client waited, the time limit would have ended it with another error.
            // (No wall-clock bound: with both cores busy the fetch before the answer has taken 400 s.)
            let url = "\(base.absoluteString)/location?page=1"
            #expect(error == .waitBeyondTimeLimit(url: url, wait: .seconds(86400), limit: .seconds(600)))
            let text = try #require(error).description
            #expect(text.contains("Retry-After") && text.contains("24h") && text.contains("--max-time 10m"), "\(text)")
            // Nor does the client's next fetch wait for it: a refused wait pauses no one (no cut, so no pace).
            #expect(await client.limiter.pace == nil, "the refused wait still paused every request of the client")
        }
    }

    @Test func workThatFinishesInTimeIsUntouched() async throws {
        let client = APIClient(baseURL: InMemoryTransportTests.base, transport: ScriptedTransport { _, _ in TransportResponse(status: 200) })
        #expect(try await client.withTimeLimit(.seconds(3600), progress: .silent) { 42 } == 42)
    }
}
