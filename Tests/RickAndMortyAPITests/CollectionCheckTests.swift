import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import Testing

/// A fetch is accepted only whole: counts match `info.count`, ids are positive with no duplicate; gaps are
/// deleted records.
@Suite struct CollectionCheckTests {
    @Test func deletedRecordsLeaveGapsThatAreAccepted() async throws {
        var snapshot = Fixture.snapshot(characters: 45)
        snapshot.characters.removeAll { [5, 30].contains($0.id) }
        try await Fixture.withServer(snapshot) { server, base in
            let fetch = try await Fixture.client(base).fetchSnapshot()
            #expect(fetch.snapshot == (await server.servedSnapshot()))
            #expect(!fetch.snapshot.characters.contains { [5, 30].contains($0.id) })
            #expect(fetch.snapshot.characters.count == 43)
        }
    }

    /// `info.count` a whole page short still pages consistently: the last page's `next` gives it away.
    @Test func aCountThatLeavesRecordsOutIsRejected() async throws {
        try await Fixture.withServer(options: LoopbackAPIOptions(countShortfall: 5)) { _, base in
            let error = await #expect(throws: APIError.self) { try await Fixture.client(base).fetchSnapshot() }
            #expect(error == .inconsistentData(
                resource: .character, problem: "page 2, the last of the 2 for info.count 40, links to a next page: the count leaves records out"))
        }
        try await Fixture.withServer(options: LoopbackAPIOptions(countShortfall: 2)) { _, base in
            let error = await #expect(throws: APIError.self) { try await Fixture.client(base).fetchSnapshot() }
            #expect(error == .inconsistentData(resource: .character, problem: "received 45 records but info.count is 43"))
        }
    }

    @Test func aRepeatedPageIsRejected() async throws {
        try await Fixture.withServer { server, base in
            let firstPage = try await URLSessionTransport().send(
                TransportRequest(url: try #require(URL(string: "\(base.absoluteString)/character?page=1")))).body
            await server.setFaults([
                LoopbackFaultRule(.path("/api/character?page=2"), .replaceBody(Array(firstPage), contentType: "application/json"))
            ])
            let error = await #expect(throws: APIError.self) { try await Fixture.client(base).fetchSnapshot() }
            #expect(try #require(error).description.contains("duplicate ids 1, 2, 3"))
        }
    }

    @Test func pagesThatDisagreeOnTheCountAreRejected() async throws {
        let body = #"{"info":{"count":46,"pages":3,"next":null,"prev":null},"results":[]}"#
        try await Fixture.withServer { server, base in
            await server.setFaults([
                LoopbackFaultRule(.path("/api/character?page=3"), .replaceBody(Array(body.utf8), contentType: "application/json"))
            ])
            let error = await #expect(throws: APIError.self) { try await Fixture.client(base).fetchSnapshot() }
            #expect(error == .inconsistentData(
                resource: .character, problem: "page 3 reports 46 records in 3 pages, page 1 reported 45 in 3"))
        }
    }

    @Test func anAbsurdPageCountIsRejectedBeforeAnyRequest() async throws {
        let body = #"{"info":{"count":2,"pages":100000000,"next":null,"prev":null},"results":[]}"#
        try await Fixture.withServer { server, base in
            await server.setFaults([
                LoopbackFaultRule(.path("/api/episode?page=1"), .replaceBody(Array(body.utf8), contentType: "application/json"))
            ])
            let error = await #expect(throws: APIError.self) { try await Fixture.client(base).fetchSnapshot() }
            #expect(error == .inconsistentData(resource: .episode, problem: "page 1 reports 2 records in 100000000 pages, not the 1 of 20 records each"))
        }
    }
}
