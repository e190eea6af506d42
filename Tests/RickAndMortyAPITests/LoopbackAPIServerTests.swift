import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import Testing
import TestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The fake API answers like the real one: the client's tests are only as good as this.
@Suite struct LoopbackAPIServerTests {
    let transport = URLSessionTransport()

    func get(_ url: String, headers: [String: String] = [:]) async throws -> TransportResponse {
        try await transport.send(TransportRequest(url: try #require(URL(string: url)), headers: headers))
    }

    func json(_ response: TransportResponse) throws -> Any {
        try JSONSerialization.jsonObject(with: response.body)
    }

    @Test func servesPagesOfTwentyWithInfoAndRewrittenURLs() async throws {
        try await Fixture.withServer(Fixture.snapshot(characters: 45)) { server, base in
            let api = base.absoluteString

            let first = try await get("\(api)/character")
            #expect(first.status == 200)
            #expect(first.header("Content-Type") == "application/json; charset=utf-8")
            let page = try JSONDecoder().decode(Page<CharacterRecord>.self, from: first.body)
            #expect(page.info == PageInfo(count: 45, pages: 3, next: "\(api)/character?page=2", prev: nil))
            #expect(page.results.map(\.id) == Array(1...20))
            #expect(page.results[0].url == "\(api)/character/1")
            #expect(page.results[0].image == "\(api)/character/avatar/1.jpeg")
            #expect(page.results[0].episode == ["\(api)/episode/2"])

            let last = try JSONDecoder().decode(
                Page<CharacterRecord>.self, from: try await get("\(api)/character?page=3").body)
            #expect(last.info.next == nil)
            #expect(last.info.prev == "\(api)/character?page=2")
            #expect(last.results.map(\.id) == Array(41...45))
            // `next` and `prev` are written as null, not left out.
            let raw = String(decoding: try await get("\(api)/character?page=3").body, as: UTF8.self)
            #expect(raw.contains(#""next":null"#))
        }
    }

    @Test func answersJSON404sWithTheRealMessages() async throws {
        try await Fixture.withServer { server, base in
            let api = base.absoluteString
            for (path, message) in [
                ("character?page=4", "There is nothing here"), ("character/999", "Character not found"),
                ("location/999", "Location not found"), ("episode/999", "Episode not found"),
                ("nothing", "There is nothing here"), ("character/avatar/999.jpeg", "There is nothing here"),
            ] {
                let response = try await get("\(api)/\(path)")
                #expect(response.status == 404, "\(path)")
                #expect(try json(response) as? [String: String] == ["error": message], "\(path)")
            }
        }
    }

    @Test func servesSingleAndMultipleRecordsAndTheRoot() async throws {
        try await Fixture.withServer { server, base in
            let api = base.absoluteString
            let one = try JSONDecoder().decode(CharacterRecord.self, from: try await get("\(api)/character/7").body)
            #expect(one.id == 7)
            let many = try JSONDecoder().decode([CharacterRecord].self, from: try await get("\(api)/character/3,1,999,2").body)
            #expect(many.map(\.id) == [3, 1, 2])
            let bracketed = try JSONDecoder().decode([EpisodeRecord].self, from: try await get("\(api)/episode/[2]").body)
            #expect(bracketed.map(\.id) == [2])
            let root = try json(try await get(api)) as? [String: String]
            #expect(root == ["characters": "\(api)/character", "locations": "\(api)/location", "episodes": "\(api)/episode"])
        }
    }

    @Test func answers304ToMatchingValidatorsAndNewETagsAfterAChange() async throws {
        try await Fixture.withServer { server, base in
            let url = "\(base.absoluteString)/character?page=1"
            let first = try await get(url)
            let etag = try #require(first.header("ETag"))
            let lastModified = try #require(first.header("Last-Modified"))

            #expect(try await get(url, headers: ["If-None-Match": etag]).status == 304)
            #expect(try await get(url, headers: ["If-Modified-Since": lastModified]).status == 304)
            #expect(try await get(url, headers: ["If-None-Match": "\"other\""]).status == 200)

            try await server.updateCharacter(id: 2) { $0.name = "Renamed" }
            let changed = try await get(url, headers: ["If-None-Match": etag])
            #expect(changed.status == 200)
            #expect(changed.header("ETag") != etag)
            #expect(try await get(url, headers: ["If-Modified-Since": lastModified]).status == 200)
            // Other resources keep their validators.
            let untouched = "\(base.absoluteString)/location?page=1"
            let locationTag = try #require(try await get(untouched).header("ETag"))
            #expect(try await get(untouched, headers: ["If-None-Match": locationTag]).status == 304)

            let counters = await server.counters()
            #expect(counters.notModified == 3)
            #expect(counters.conditionalRequests == 6)
        }
    }

    @Test func servesTheRealAvatarsAsJPEGWhateverTheirBytes() async throws {
        _ = try await Fixture.withSharedDataServer { server, base in
            let response = try await get("\(base.absoluteString)/character/avatar/2.jpeg")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "image/jpeg")
            let onDisk = try Data(contentsOf: SharedFixtures.apiFolder.appendingPathComponent("avatars/2.jpeg"))
            #expect(response.body == onDisk)
            #expect(ImageFormat.detect(response.body) == .png)
            #expect(await server.counters().imagesServed == 1)
        }
    }

    @Test func injectsFaultsByPathAndByRequestNumber() async throws {
        try await Fixture.withServer { server, base in
            let api = base.absoluteString
            await server.setFaults([
                LoopbackFaultRule(.path("/api/location?page=1"), .status(503), times: 1),
                LoopbackFaultRule(.requestNumbers([3]), .tooManyRequests(retryAfter: "7")),
            ])
            #expect(try await get("\(api)/location?page=1").status == 503)
            #expect(try await get("\(api)/location?page=1").status == 200)
            let limited = try await get("\(api)/episode?page=1")
            #expect(limited.status == 429)
            #expect(limited.header("Retry-After") == "7")
            #expect(try await get("\(api)/episode?page=1").status == 200)

            await server.setFaults([LoopbackFaultRule(.any, .malformedJSON, times: 1)])
            let malformed = try await get("\(api)/episode?page=1")
            #expect(malformed.status == 200)
            #expect((try? JSONSerialization.jsonObject(with: malformed.body)) == nil)

            let log = await server.requestLog()
            #expect(log.map(\.status) == [503, 200, 429, 200, 200])
            #expect(log.last?.fault == .malformedJSON)
            #expect(await server.counters().faultsInjected == 3)
        }
    }

    @Test func aRateLimitTurnsAwayWhatExceedsItAndLetsThroughAgainLater() async throws {
        try await Fixture.withServer { server, base in
            let api = base.absoluteString
            // A window no machine outlasts, so the count alone decides; faults count only what gets through.
            await server.setRateLimit(LoopbackRateLimit(requests: 4, per: .seconds(600), retryAfter: "1"))
            await server.setFaults([LoopbackFaultRule(.everyNth(3), .status(500))])
            var statuses: [Int] = []
            for _ in 0..<6 { statuses.append(try await get("\(api)/episode?page=1").status) }
            #expect(statuses == [200, 200, 500, 200, 429, 429])
            let limited = try await get("\(api)/episode?page=1")
            #expect(limited.header("Retry-After") == "1")
            let counters = await server.counters()
            #expect(counters.throttled == 3 && counters.faultsInjected == 1 && counters.requests == 7)

            await server.setRateLimit(nil)
            #expect(try await get("\(api)/episode?page=1").status != 429)
        }
    }

    @Test func aRateLimitIsASlidingWindow() async throws {
        try await Fixture.withServer { server, base in
            await server.setRateLimit(LoopbackRateLimit(requests: 3, per: .milliseconds(300)))
            // However slow this machine, no window of 300 ms lets more than three requests through, and a request
            // is turned away only when three did get through in the 300 ms before it.
            for _ in 0..<12 { _ = try await get("\(base.absoluteString)/location?page=1") }
            let log = await server.requestLog().sorted { $0.arrived < $1.arrived }
            let through = log.filter { $0.status != 429 }
            for record in log {
                let inWindow = through.filter { $0.arrived > record.arrived - .milliseconds(300) && $0.arrived < record.arrived }
                if record.status == 429 {
                    #expect(inWindow.count == 3)
                } else {
                    #expect(inWindow.count < 3)
                }
            }
        }
    }
}
