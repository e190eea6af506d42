import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import Testing
import TestSupport

/// Whatever the API answers, a refresh cannot lose data, run out of memory or send requests elsewhere: an
/// emptied collection, bodies past their limit, absurd page counts, pictures on other hosts and HTML pages are refused
/// with a line naming what and where, and the committed cache is left byte for byte as it was.
@Suite struct HostileAPITests {
    static func page(count: Int, pages: Int) -> [UInt8] {
        Array(#"{"info":{"count":\#(count),"pages":\#(pages),"next":null,"prev":null},"results":[]}"#.utf8)
    }

    // MARK: Shrinking collections

    @Test func anEmptiedCollectionIsRefusedAndTheCacheIsUntouched() async throws {
        try await Fixture.withServer(Fixture.snapshot(locations: 30)) { server, base in
            let service = try Fixture.service(Fixture.client(base))
            _ = try await service.refresh()
            let before = DirectoryDigest.committed(service.cache.directory)

            await server.setFaults([
                LoopbackFaultRule(.path("/api/location?page=1"), .replaceBody(Self.page(count: 0, pages: 0), contentType: "application/json"))
            ])
            let error = await #expect(throws: APIError.self) { try await service.refresh() }
            #expect(error == .collectionShrank(resource: .location, cached: 30, served: 0))
            #expect(try #require(error).description.contains("--allow-shrink"))
            #expect(DirectoryDigest.committed(service.cache.directory) == before)
        }
    }

    @Test(arguments: [(30, 26, true), (30, 27, false), (30, 31, false), (1, 0, true), (0, 0, false)])
    func aShrinkOfMoreThanTenPercentIsSuspicious(before: Int, after: Int, suspicious: Bool) {
        #expect(ShrinkCheck.isSuspicious(from: before, to: after) == suspicious)
    }

    @Test func anExpectedShrinkIsAcceptedWithTheFlag() async throws {
        try await Fixture.withServer(Fixture.snapshot(characters: 45, locations: 3, episodes: 10)) { server, base in
            let folder = try SharedFixtures.temporaryDirectory("rmwiki-shrink")
            _ = try await Fixture.service(Fixture.client(base), cache: folder).refresh()
            for id in 6...10 { await server.remove(.episode, id: id) }
            let refused = await #expect(throws: APIError.self) { try await Fixture.service(Fixture.client(base), cache: folder).refresh() }
            #expect(refused == .collectionShrank(resource: .episode, cached: 10, served: 5))

            let allowed = try Fixture.service(Fixture.client(base), cache: folder, shrinkCheck: ShrinkCheck(allowShrink: true))
            let report = try await allowed.refresh()
            #expect(report.changes.episodes.removed == [6, 7, 8, 9, 10])
        }
    }

    // MARK: Sizes

    /// Small limits and bodies of 64 times the limit: corelibs URLSession cannot always stop a transfer from a
    /// server in the same process that sends at memory speed, so a truly endless body would load the whole suite.
    static let smallLimits = ResponseLimits(recordCount: 1_000_000, pageBytes: 1 << 20, imageBytes: 1 << 20, fetchBytes: 16 << 20)

    static func service(_ base: URL, cache: URL? = nil) throws -> DataService {
        try Fixture.service(APIClient(
            baseURL: base, concurrency: 4, retryPolicy: RetryPolicy(maxAttempts: 2), limits: smallLimits,
            sleep: { _ in }), cache: cache)
    }

    @Test func aStreamedPageIsCutOffAtItsLimit() async throws {
        try await Fixture.withServer { server, base in
            let service = try Self.service(base)
            _ = try await service.refresh()
            let before = DirectoryDigest.committed(service.cache.directory)
            try await server.updateCharacter(id: 1) { $0.name = "Changed" }
            await server.setFaults([LoopbackFaultRule(.path("/api/character?page=2"), .streamedBody(bytes: 64 << 20, contentType: "application/json"))])

            let error = await #expect(throws: APIError.self) { try await service.refresh() }
            #expect(error == .bodyTooLarge(url: "\(base.absoluteString)/character?page=2", limit: 1 << 20))
            #expect(try #require(error).description.contains("sent more than 1 MiB, the most rmwiki reads for one answer"))
            #expect(DirectoryDigest.committed(service.cache.directory) == before)
        }
    }

    @Test func limitsAreNamedInMebibytes() {
        let page = APIError.bodyTooLarge(url: "https://api.example/api/character?page=2", limit: ResponseLimits.standard.pageBytes)
        #expect(page.description.hasPrefix("GET https://api.example/api/character?page=2 sent more than 8 MiB, the most"))
        let picture = APIError.bodyTooLarge(url: "https://api.example/api/character/avatar/1.jpeg", limit: ResponseLimits.standard.imageBytes)
        #expect(picture.description.contains("more than 4 MiB, the most rmwiki reads for one picture; check that --api"))
    }

    @Test func aPageAnnouncingTooLargeABodyIsRefusedBeforeItIsRead() async throws {
        try await Fixture.withServer { server, base in
            let huge = [UInt8](repeating: 0x20, count: ResponseLimits.standard.pageBytes + 1)
            await server.setFaults([LoopbackFaultRule(.path("/api/episode?page=1"), .replaceBody(huge, contentType: "application/json"))])
            let error = await #expect(throws: APIError.self) { try await Fixture.client(base).fetchSnapshot() }
            #expect(error == .bodyTooLarge(url: "\(base.absoluteString)/episode?page=1", limit: ResponseLimits.standard.pageBytes))
        }
    }

    /// A GraphQL query is a POST, and the cap's message says so, whether the body announced its size or ran on.
    @Test(arguments: ["announced", "streamed"])
    func aGraphQLAnswerOverTheCapIsReportedAsThePOSTItWas(framing: String) async throws {
        let fault = framing == "streamed" ? LoopbackFault.streamedBody(bytes: 64 << 20, contentType: "application/json")
            : .replaceBody([UInt8](repeating: 0x20, count: (1 << 20) + 1), contentType: "application/json")
        try await Fixture.withServer { server, base in
            var client = APIClient(
                baseURL: base, concurrency: 4, retryPolicy: RetryPolicy(maxAttempts: 2), limits: Self.smallLimits, sleep: { _ in })
            let endpoint = try #require(RecordSource.graphQLEndpoint(forREST: base))
            client.recordSource = .graphQL(endpoint: endpoint)
            await server.setFaults([LoopbackFaultRule(.path(endpoint.path), fault)])
            let error = await #expect(throws: APIError.self) { try await client.fetchRecords() }
            #expect(error == .bodyTooLarge(url: endpoint.absoluteString, limit: 1 << 20, method: "POST"))
            #expect(try #require(error).description.hasPrefix("POST \(endpoint.absoluteString) sent more than 1 MiB"))
        }
    }

    @Test func aStreamedPictureIsCutOffAtItsLimitAndLeftOut() async throws {
        try await Fixture.withServer { server, base in
            let service = try Self.service(base)
            _ = try await service.refresh()
            try await server.updateCharacter(id: 2) { $0.image = $0.image.replacingOccurrences(of: "2.jpeg", with: "7.jpeg") }
            await server.setFaults([LoopbackFaultRule(.path("/api/character/avatar/7.jpeg"), .streamedBody(bytes: 64 << 20, contentType: "image/jpeg"))])

            let report = try await service.refresh()
            let url = "\(base.absoluteString)/character/avatar/7.jpeg"
            #expect(report.failedAvatars == [AvatarFailure(download: AvatarDownload(characterID: 2, url: url), problem: "more than 1 MiB")])
            #expect(report.avatars[2] == nil && report.avatars.count == 44)
        }
    }

    /// Millions of pages, or a page count that does not follow from the record count: refused before any page
    /// but the first is asked for.
    @Test(arguments: [
        (60_000_000, 3_000_000, "page 1 reports 60000000 records, more than the 1000000 rmwiki accepts"),
        (45, 40, "page 1 reports 45 records in 40 pages, not the 3 of 20 records each"),
    ])
    func anAbsurdInfoIsRefusedBeforeAnyOtherPage(count: Int, pages: Int, problem: String) async throws {
        try await Fixture.withServer { server, base in
            await server.setFaults([LoopbackFaultRule(
                .path("/api/character?page=1"), .replaceBody(Self.page(count: count, pages: pages), contentType: "application/json"))])
            let error = await #expect(throws: APIError.self) { try await Fixture.client(base).fetchSnapshot() }
            #expect(error == .inconsistentData(resource: .character, problem: problem))
            #expect(await server.requestLog().allSatisfy { !$0.target.hasPrefix("/api/character?page=") || $0.target.hasSuffix("=1") })
        }
    }

    /// Pages over the budget of one fetch fail it, however many the server claims.
    @Test func pagesAddingUpToTooMuchFailTheFetch() async throws {
        let page = String(decoding: Self.page(count: 1_000_000, pages: 50_000), as: UTF8.self)
        let padded = Data((page.dropLast() + String(repeating: " ", count: 100_000) + "}").utf8)
        let transport = ScriptedTransport { _, _ in
            TransportResponse(status: 200, headers: ["Content-Type": "application/json"], body: padded)
        }
        var limits = ResponseLimits.standard
        limits.fetchBytes = 4 << 20
        let client = APIClient(baseURL: InMemoryTransportTests.base, transport: transport, concurrency: 4, limits: limits)
        let error = await #expect(throws: APIError.self) { try await client.fetchSnapshot() }
        #expect(error == .fetchTooLarge(limit: 4 << 20))
        #expect(try #require(error).description.contains("more than 4 MiB, the most rmwiki holds for one fetch"))
        // 42 pages of 100 KB reach 4 MiB; pages are asked for a few at a time, so few more were sent.
        #expect(await transport.requests.count < 42 + 3 * 8 + 3)
    }

    // MARK: Picture hosts

    @Test func aPictureOnAnotherHostIsNeverRequestedAndTheCharacterHasNone() async throws {
        try await Fixture.withServer { other, otherBase in
            try await Fixture.withServer { server, base in
                let elsewhere = "\(otherBase.absoluteString)/character/avatar/3.jpeg"
                try await server.updateCharacter(id: 3) { $0.image = elsewhere }
                let service = try Fixture.service(Fixture.client(base))
                let report = try await service.refresh()
                #expect(await other.counters().requests == 0)
                #expect(report.avatars[3] == nil && report.avatars.count == 44)
                #expect(report.refusedAvatars == [AvatarDownload(characterID: 3, url: elsewhere)])
                let host = "127.0.0.1:\(otherBase.port ?? 0)"
                #expect(report.warnings == [
                    "warning: the picture on \(host), which is not the API's host, was not downloaded (character 3, "
                        + "\(elsewhere)); that character shows no picture. If \(host) is trusted, pass --image-host \(host)"
                ])

                // Allowed by name, it is downloaded.
                let allowed = try Fixture.service(APIClient(
                    baseURL: base, concurrency: 4, allowedImageHosts: [try #require(ImageHost(host))]), cache: service.cache.directory)
                let second = try await allowed.refresh()
                #expect(second.avatars[3] != nil && second.refusedAvatars.isEmpty)
                #expect(await other.counters().imagesServed == 1)
            }
        }
    }

    @Test func aRedirectToAnotherHostIsNotFollowed() async throws {
        try await Fixture.withServer { other, otherBase in
            try await Fixture.withServer { server, base in
                await server.setFaults([LoopbackFaultRule(
                    .path("/api/character/avatar/5.jpeg"), .redirect(to: "\(otherBase.absoluteString)/character/avatar/5.jpeg"))])
                let error = await #expect(throws: APIError.self) {
                    try await Fixture.client(base).downloadImage(from: "\(base.absoluteString)/character/avatar/5.jpeg")
                }
                let url = "\(base.absoluteString)/character/avatar/5.jpeg"
                #expect(error == .redirectToOtherHost(url: url, target: "\(otherBase.absoluteString)/character/avatar/5.jpeg"))
                #expect(error?.description.contains("on another host (127.0.0.1:\(otherBase.port ?? 0))") == true)
                #expect(await other.counters().requests == 0)
            }
        }
    }

    @Test(arguments: [
        ("images.example.org", "images.example.org", nil), ("CDN.example:8443", "cdn.example", 8443), ("10.0.0.1", "10.0.0.1", nil),
    ] as [(String, String, Int?)])
    func imageHostsParse(text: String, host: String, port: Int?) throws {
        let parsed = try #require(ImageHost(text))
        #expect(parsed.host == host && parsed.port == port)
    }

    @Test(arguments: ["", "https://images.example.org", "images.example.org/avatars", "user@images.example.org", " "])
    func malformedImageHostsAreRejected(text: String) {
        #expect(ImageHost(text) == nil)
    }

    // MARK: Not JSON

    @Test func htmlWhereJSONWasExpectedNamesTheContentType() async throws {
        try await Fixture.withServer { server, base in
            let html = Array("<!DOCTYPE html><html><body>Welcome</body></html>".utf8)
            await server.setFaults([LoopbackFaultRule(.path("/api/character?page=1"), .replaceBody(html, contentType: "text/html; charset=utf-8"))])
            let error = await #expect(throws: APIError.self) { try await Fixture.client(base).fetchSnapshot() }
            #expect(error == .notJSON(url: "\(base.absoluteString)/character?page=1", contentType: "text/html; charset=utf-8"))
            let text = try #require(error).description
            // Retried like a garbled body, it would have ended as `gaveUp`.
            #expect(text.contains("answered text/html; charset=utf-8 where JSON was expected") && text.contains("check that --api"))
        }
    }
}
