import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import TestSupport
import Testing

extension Fixture {
    /// `client(…)` fetching its records over GraphQL from the loopback API's `/graphql`.
    static func graphQLClient(
        _ baseURL: URL, concurrency: Int = 4, attempts: Int = 4, sleeps: DelayRecorder = DelayRecorder()
    ) throws -> APIClient {
        var client = client(baseURL, concurrency: concurrency, attempts: attempts, sleeps: sleeps)
        client.recordSource = .graphQL(endpoint: try #require(RecordSource.graphQLEndpoint(forREST: baseURL)))
        return client
    }

    /// A GraphQL answer, as a fault's replacement body.
    static func graphQLBody(_ json: String) -> LoopbackFault {
        .replaceBody(Array(json.utf8), contentType: "application/json")
    }
}

/// `--source graphql`: the same snapshot as REST in a handful of requests, and every GraphQL failure
/// retried or reported with the query, the path and the message, the cache untouched.
@Suite(.ownThread) struct GraphQLFetchTests {
    @Test func theEndpointIsTheRESTBaseWithAPIReplacedByGraphQL() throws {
        func endpoint(_ text: String) throws -> String? {
            RecordSource.graphQLEndpoint(forREST: try #require(URL(string: text)))?.absoluteString
        }
        #expect(try endpoint("https://rickandmortyapi.com/api") == "https://rickandmortyapi.com/graphql")
        #expect(try endpoint("https://rickandmortyapi.com/api/") == "https://rickandmortyapi.com/graphql")
        #expect(try endpoint("http://127.0.0.1:8080/mirror/api") == "http://127.0.0.1:8080/mirror/graphql")
        #expect(try endpoint("https://example.org/rest") == nil)
        #expect(try endpoint("https://example.org/") == nil)
    }

    @Test(.tags(.fullData), .skippable(.fullData), .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
    func theWholeDatasetOverGraphQLIsTheRESTSnapshotByteForByte() async throws {
        _ = try await Fixture.withSharedDataServer { server, base in
            let rest = try Fixture.service(Fixture.client(base, concurrency: 8))
            let restReport = try await rest.refresh()
            let graphQL = try Fixture.service(try Fixture.graphQLClient(base, concurrency: 8))
            await server.resetCounters()
            let report = try await graphQL.refresh()

            let log = await server.requestLog()
            let recordRequests = log.filter { !$0.isImage }
            #expect(recordRequests.allSatisfy { $0.target == "/graphql" && $0.status == 200 })
            let recordRequestCount = recordRequests.count
            // A loaded machine may time a batch out and send it again; each retry is counted in the report.
            let retries = report.statistics.retries
            #expect((8...8 + retries).contains(recordRequestCount),
                    "counts, then 826, 126 and 51 ids by 200 at most: 1 + 5 + 1 + 1, and \(retries) retries at most")
            #expect(log.filter(\.isImage).count == 826, "avatars still come by URL")
            #expect(report.snapshot == (await server.servedSnapshot()))
            let restBytes = try Data(contentsOf: rest.cache.snapshotFile)
            #expect(try Data(contentsOf: graphQL.cache.snapshotFile) == restBytes)
            #expect(report.avatars.count == restReport.avatars.count)

            // The known one-sided links and the "unknown" places come through as REST has them.
            let api = base.absoluteString
            let character125 = try #require(report.snapshot.characters.first { $0.id == 125 })
            #expect(character125.episode.contains("\(api)/episode/18"))
            #expect(!(report.snapshot.episodes[17].characters.contains("\(api)/character/125")))
            #expect(report.snapshot.episodes[9].characters.contains("\(api)/character/663"))
            #expect(character125.location.url == "\(api)/location/35")
            #expect(!(report.snapshot.locations[34].residents.contains("\(api)/character/125")))
            let unknown = report.snapshot.characters.filter { $0.origin.name == "unknown" }
            #expect(!unknown.isEmpty && unknown.allSatisfy { $0.origin == NamedReference(name: "unknown", url: "") })
        }
    }

    @Test func aBatchTheServerCallsTooLargeIsHalvedUntilItIsTaken() async throws {
        try await Fixture.withServer(options: LoopbackAPIOptions(graphQLBatchLimit: 10)) { server, base in
            let fetch = try await Fixture.graphQLClient(base).fetchRecords()
            #expect(fetch.snapshot == (await server.servedSnapshot()))
            let log = await server.requestLog()
            // Each collection's ids run 20 past its count. 65 character ids → 32 + 33 → four of 16 or 17 → eight
            // of 8 or 9: rejected rounds of 1, 2, 4; 23 location and 22 episode ids → two, then four: 1 + 2 each.
            let rejected = log.filter { $0.status == 400 }.count
            let answered = log.filter { $0.status == 200 }.count
            #expect(rejected == 13, "7 + 3 + 3")
            #expect(answered == 17, "counts, 8 character batches, 4 location batches, 4 episode batches")
            #expect(fetch.statistics.retries == 0)
        }
    }

    @Test func faultsAreRetriedAndTheCacheIsTheOneACleanFetchWrites() async throws {
        // Eight characters: after the 429 the client paces every request that follows, their avatars included, in
        // real time (the default 45 took 29 s); the faults all fall on the first batch, at any size.
        try await Fixture.withServer(Fixture.snapshot(characters: 8)) { server, base in
            let clean = try Fixture.service(try Fixture.graphQLClient(base, concurrency: 1))
            _ = try await clean.refresh()
            let cleanCache = DirectoryDigest.contents(of: clean.cache.directory)

            // Request 1 is the counts query, 3…7 are batches (of whichever collection comes first); the bodies
            // answer for all three collections.
            let partial = #"{"data":{"charactersByIds":[null],"locationsByIds":[null],"episodesByIds":[null]},"#
                + #""errors":[{"message":"upstream timed out","path":["charactersByIds",0]}]}"#
            await server.setFaults([
                LoopbackFaultRule(.requestNumbers([1]), .status(503)),
                LoopbackFaultRule(.requestNumbers([3]), .tooManyRequests(retryAfter: "2")),
                LoopbackFaultRule(.requestNumbers([4]), .truncateBody(afterBytes: 30)),
                LoopbackFaultRule(.requestNumbers([5]), .malformedJSON),
                LoopbackFaultRule(.requestNumbers([6]), Fixture.graphQLBody(partial)),
                LoopbackFaultRule(.requestNumbers([7]), .status(502)),
            ])
            let sleeps = DelayRecorder()
            let faulty = try Fixture.service(try Fixture.graphQLClient(base, concurrency: 1, attempts: 8, sleeps: sleeps))
            let report = try await faulty.refresh()

            #expect(report.snapshot == (await server.servedSnapshot()))
            #expect(DirectoryDigest.contents(of: faulty.cache.directory) == cleanCache)
            #expect(await server.counters().faultsInjected == 6)
            // The 429 is flow control, not a failure: it is waited out (in real time, by every request) and sent
            // again without spending a retry; the five failures back off through the recorded sleep.
            #expect(report.statistics.throttled == 1)
            #expect(report.statistics.retries == 5)
            #expect(await sleeps.delays.count == 5)
        }
    }

    /// Runs a refresh that must fail after a clean one, and checks that the cache is left exactly as it was.
    func expectFailure(
        faults: [LoopbackFaultRule], attempts: Int = 3,
        _ check: (any Error, [LoopbackRequestRecord], String) throws -> Void
    ) async throws {
        try await Fixture.withServer { server, base in
            let service = try Fixture.service(try Fixture.graphQLClient(base, concurrency: 1, attempts: attempts))
            _ = try await service.refresh()
            let before = DirectoryDigest.contents(of: service.cache.directory)
            await server.resetCounters()
            await server.setFaults(faults)
            do {
                _ = try await service.refresh()
                Issue.record("the refresh succeeded")
            } catch {
                let endpoint = try #require(RecordSource.graphQLEndpoint(forREST: base)).absoluteString
                try check(error, await server.requestLog(), endpoint)
            }
            #expect(DirectoryDigest.contents(of: service.cache.directory) == before)
        }
    }

    /// A GraphQL query is a POST, and a wrong answer's message says so (it said GET): an HTML page, and JSON
    /// that is not UTF-8.
    @Test func aWrongAnswerNamesThePOSTItAnswered() async throws {
        let html = LoopbackFault.replaceBody(Array("<html>".utf8), contentType: "text/html")
        let notUTF8 = LoopbackFault.replaceBody([UInt8](#"{"data":"#.utf8) + [0xFF, 0x7D], contentType: "application/json")
        for fault in [html, notUTF8] {
            try await expectFailure(faults: [LoopbackFaultRule(.path("/graphql"), fault)]) { error, _, endpoint in
                let text = String(describing: error)
                #expect(text.hasPrefix("POST \(endpoint) answered "), "\(text)")
            }
        }
    }

    @Test func anIDThatIsNoNumberFailsAtOnceNamingThePath() async throws {
        let badID = #"{"data":{"charactersByIds":[{"id":"x"}],"locationsByIds":[{"id":"x"}],"episodesByIds":[{"id":"x"}]}}"#
        try await expectFailure(faults: [LoopbackFaultRule(.requestNumbers([2]), Fixture.graphQLBody(badID))]) { error, log, _ in
            guard case let .invalidValue(_, path, problem) = error as? GraphQLFetchError else {
                Issue.record("expected invalidValue, got \(error)")
                return
            }
            #expect(path.hasSuffix("[0].id") && problem == #"expected a positive numeric id, found "x""#)
            // Had the batch been asked for again, it would have been answered well (the fault is for request 2
            // alone) and the refresh would have succeeded.
            #expect(log.count >= 2)
        }
    }

    @Test func errorsWithPartialDataAreRetriedThenReportedWithQueryPathAndMessage() async throws {
        let body = #"{"data":{"characters":null,"locations":{"info":{"count":3}},"episodes":{"info":{"count":2}}},"#
            + #""errors":[{"message":"Internal server error","path":["characters","info"]}]}"#
        try await expectFailure(faults: [LoopbackFaultRule(.path("/graphql"), Fixture.graphQLBody(body))]) { error, log, endpoint in
            let expected = GraphQLFetchError.gaveUp(
                query: "counts", endpoint: endpoint, status: 200, attempts: 3,
                lastProblem: "GraphQL error at characters.info: Internal server error", cause: .damagedBody)
            #expect(error as? GraphQLFetchError == expected)
            #expect(log.count == 3)
            #expect(String(describing: error).contains("GraphQL query counts to http://127.0.0.1:"))
        }
    }

    @Test func errorsThatSayTheQueryCannotRunAreNotRetried() async throws {
        let body = #"{"errors":[{"message":"Cannot query field \"url\" on type \"Character\".","path":["charactersByIds"],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}},{"message":"second"}]}"#
        try await expectFailure(faults: [LoopbackFaultRule(.path("/graphql"), Fixture.graphQLBody(body))]) { error, log, _ in
            #expect(error as? GraphQLFetchError == .rejected(
                query: "counts", status: 200, path: "charactersByIds",
                message: #"Cannot query field "url" on type "Character". (and 1 more)"#))
            #expect(log.count == 1)
        }
    }

    @Test func anHTTP400IsNotRetriedAndSaysWhatTheServerSaid() async throws {
        try await expectFailure(faults: [LoopbackFaultRule(.path("/graphql"), .status(400))]) { error, log, _ in
            #expect(error as? GraphQLFetchError == .rejected(
                query: "counts", status: 400, path: "(request)", message: #"{"error":"Injected fault: HTTP 400"}"#))
            #expect(String(describing: error).contains("check that --graphql (or --api) names a Rick and Morty GraphQL endpoint"))
            #expect(log.count == 1)
        }
    }

    @Test func aNullRecordIsReportedWithItsPathAndNotRetried() async throws {
        // Whichever batch comes second gets it: the body answers for all three.
        let body = #"{"data":{"charactersByIds":[null],"locationsByIds":[null],"episodesByIds":[null]}}"#
        try await expectFailure(faults: [LoopbackFaultRule(.requestNumbers([2]), Fixture.graphQLBody(body))]) { error, log, _ in
            guard case let .unexpectedNull(query, path)? = error as? GraphQLFetchError else {
                Issue.record("\(error)")
                return
            }
            let field = String(path.dropLast("[0]".count))
            let fields: Set<String> = ["charactersByIds", "locationsByIds", "episodesByIds"]
            #expect(fields.contains(field))
            let prefix = field + "(ids: 1…"
            #expect(query.hasPrefix(prefix))
            #expect(String(describing: error).contains("answered null at \(field)[0] where a record or value was expected"))
            #expect(log.count <= 4, "nothing retried")
            #expect(log.filter { $0.number == 2 }.count == 1)
        }
    }

    @Test func anAbsurdCountIsRefusedBeforeAnyBatch() async throws {
        let body = #"{"data":{"characters":{"info":{"count":100000000}},"locations":{"info":{"count":3}},"episodes":{"info":{"count":2}}}}"#
        try await expectFailure(faults: [LoopbackFaultRule(.path("/graphql"), Fixture.graphQLBody(body))]) { error, log, _ in
            #expect(error as? GraphQLFetchError == .inconsistentData(
                query: "counts", problem: "characters.info.count is 100000000, not a count of records"))
            #expect(log.count == 1)
        }
    }

    /// Deleted records leave gaps: the ids past the count fill them, found with the first batches (a few
    /// gaps) or by asking on past the end (many), and the snapshot is REST's. (GraphQL lists only the records
    /// a list links to that exist, so the deletion here takes the links with it, as REST then serves them.)
    @Test(arguments: [[5, 30], Array(1...25)])
    func deletedRecordsAreGapsAsOnTheRESTPath(removed: [Int]) async throws {
        var snapshot = Fixture.snapshot(characters: 50)
        snapshot.characters.removeAll { removed.contains($0.id) }
        let gone = Set(removed.map { "\(GeneratedSnapshot.source)/character/\($0)" })
        for index in snapshot.locations.indices { snapshot.locations[index].residents.removeAll(where: gone.contains) }
        for index in snapshot.episodes.indices { snapshot.episodes[index].characters.removeAll(where: gone.contains) }
        try await Fixture.withServer(snapshot) { server, base in
            let fetch = try await Fixture.graphQLClient(base).fetchRecords()
            let rest = try await Fixture.client(base).fetchSnapshot()
            #expect(fetch.snapshot == rest.snapshot)
            #expect(fetch.snapshot.characters.count == 50 - removed.count)
            let batches = await server.requestLog().filter { $0.target == "/graphql" }.count - 1
            #expect(batches == (removed.count > APIClient.graphQLProbeSize ? 4 : 3), "one batch per collection, one more to find the rest")
        }
    }

    /// A deleted location leaves the characters that name it: GraphQL answers their place as null, taken as unknown.
    @Test func aPlaceWhoseRecordWasDeletedIsUnknown() async throws {
        var snapshot = Fixture.snapshot()
        snapshot.locations.removeAll { $0.id == 2 }
        try await Fixture.withServer(snapshot) { _, base in
            let fetch = try await Fixture.graphQLClient(base).fetchRecords()
            let placed = fetch.snapshot.characters.filter { $0.id % 3 == 1 }
            #expect(!placed.isEmpty && placed.allSatisfy { $0.location == NamedReference(name: "unknown", url: "") })
            #expect(fetch.snapshot.characters.filter { $0.id % 3 != 1 }.allSatisfy { !$0.location.url.isEmpty })
        }
    }

    /// `info.count` short of the records: the ids asked for past the count hold more than it says.
    @Test func aCountThatLeavesRecordsOutIsRefused() async throws {
        try await Fixture.withServer(options: LoopbackAPIOptions(countShortfall: 5)) { _, base in
            let error = await #expect(throws: GraphQLFetchError.self) { try await Fixture.graphQLClient(base).fetchRecords() }
            #expect(error == .inconsistentData(
                query: "charactersByIds(ids: 1…60)",
                problem: "45 records exist but characters.info.count is 40: the count leaves records out"))
        }
    }

    @Test func aCountAboveTheRecordsIsRefusedAfterOneBatchPastTheEnd() async throws {
        let body = #"{"data":{"characters":{"info":{"count":50}},"locations":{"info":{"count":3}},"episodes":{"info":{"count":2}}}}"#
        try await Fixture.withServer { server, base in
            await server.setFaults([LoopbackFaultRule(.requestNumbers([1]), Fixture.graphQLBody(body))])
            let error = await #expect(throws: GraphQLFetchError.self) { try await Fixture.graphQLClient(base).fetchRecords() }
            #expect(error == .inconsistentData(
                query: "charactersByIds(ids: 1…270)", problem: "only 45 records exist but characters.info.count is 50"))
        }
    }
}
