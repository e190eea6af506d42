import Foundation
@testable import RickAndMortyAPI
import Testing

/// The client over a transport that is not HTTP at all: the contract is `HTTPTransport`, and the client alone
/// enforces the time limit.
@Suite struct InMemoryTransportTests {
    static let base = URL(string: "https://api.example/api")!

    @Test func aTransportThatHangsIsCutOffByTheClientsOwnTimeout() async throws {
        let transport = ScriptedTransport { _, _ in
            try await Task.sleep(for: .seconds(60))
            return TransportResponse(status: 200)
        }
        let sleeps = DelayRecorder()
        let client = APIClient(
            baseURL: Self.base, transport: transport, retryPolicy: RetryPolicy(maxAttempts: 2),
            requestTimeout: .milliseconds(50), sleep: { await sleeps.record($0) })
        let error = await #expect(throws: APIError.self) { try await client.downloadImage(from: "https://api.example/a.jpeg") }
        #expect(error == .gaveUp(
            url: "https://api.example/a.jpeg", status: nil, attempts: 2, lastProblem: "timed out", cause: .timedOut))
        let text = try #require(error).description
        #expect(text.contains("last: no response, timed out"))
        #expect(!text.contains("--concurrency"), "fewer requests at once do not make one answer sooner")
        #expect(await transport.requests.count == 2)
    }

    @Test func a304ReusesTheStoredBodyAndADamagedOneIsFetchedAgain() async throws {
        let empty = #"{"info":{"count":0,"pages":0,"next":null,"prev":null},"results":[]}"#
        let episode = Fixture.snapshot(characters: 1, locations: 1, episodes: 1).episodes[0]
        let episodes = String(decoding: try JSONEncoder().encode(Page(
            info: PageInfo(count: 1, pages: 1, next: nil, prev: nil), results: [episode])), as: UTF8.self)
        let api = Self.base.absoluteString
        let stored = [
            "\(api)/character?page=1": StoredResponse(etag: "\"c1\"", lastModified: nil, body: "{damaged"),
            "\(api)/location?page=1": StoredResponse(etag: nil, lastModified: "Tue, 14 Nov 2023 22:13:20 GMT", body: empty),
            "\(api)/episode?page=1": StoredResponse(etag: "\"e1\"", lastModified: nil, body: episodes),
        ]
        let transport = ScriptedTransport { _, request in
            let url = request.url.absoluteString
            let validator = request.headers["If-None-Match"] ?? request.headers["If-Modified-Since"]
            // The damaged character page is asked for again without validators, and then served in full.
            if url.hasSuffix("character?page=1"), validator == nil {
                return TransportResponse(status: 200, headers: ["ETag": "\"c2\""], body: Data(empty.utf8))
            }
            #expect(validator != nil, "\(url)")
            return TransportResponse(status: 304)
        }
        let client = APIClient(baseURL: Self.base, transport: transport, concurrency: 1)
        let fetch = try await client.fetchSnapshot(stored: stored)
        #expect(fetch.snapshot.episodes == [episode])
        #expect(fetch.statistics.notModified == 3)
        #expect(fetch.statistics.requests == 4)
        #expect(fetch.responses["\(api)/character?page=1"]?.etag == "\"c2\"")
        #expect(fetch.responses["\(api)/episode?page=1"] == stored["\(api)/episode?page=1"])
        #expect(fetch.responses["\(api)/location?page=1"] == stored["\(api)/location?page=1"])
    }
}
