import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import Testing

/// `rmwiki fetch` says what changed since the last snapshot, per resource.
@Suite struct SnapshotChangesTests {
    @Test func comparesRecordByRecord() {
        let old = Fixture.snapshot(characters: 5, locations: 2, episodes: 2)
        var new = old
        new.characters[1].status = "Dead"
        new.characters.removeLast()
        new.locations.append(LocationRecord(
            id: 3, name: "New", type: "", dimension: "", residents: [], url: "\(Fixture.source)/location/3", created: ""))
        let changes = SnapshotChanges(from: old, to: new)
        #expect(changes.characters == ResourceChanges(kind: .character, changed: [2], removed: [5]))
        #expect(changes.locations == ResourceChanges(kind: .location, added: [3]))
        #expect(changes.episodes.isEmpty)
        #expect(changes.summary == [
            "characters: 1 changed (2), 1 removed (5)", "locations: 1 added (3)", "episodes: unchanged",
        ])
        #expect(SnapshotChanges(from: new, to: new).summary == ["no changes since the last snapshot"])
        #expect(SnapshotChanges(from: nil, to: new).summary == ["first snapshot: 4 characters, 3 locations, 2 episodes"])
    }

    @Test func longListsAreShortened() {
        let changes = ResourceChanges(kind: .episode, added: Array(1...13))
        #expect(changes.summary == "episodes: 13 added (1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 3 more)")
    }

    @Test func aRefreshReportsServerSideChangesAndFetchesOnlyNewPictures() async throws {
        try await Fixture.withServer { server, base in
            // One of two episodes goes: a shrink the user has to accept explicitly.
            let service = try Fixture.service(Fixture.client(base), shrinkCheck: ShrinkCheck(allowShrink: true))
            _ = try await service.refresh()

            try await server.updateCharacter(id: 1) { $0.name = "Renamed" }
            try await server.updateCharacter(id: 3) { $0.image = $0.image.replacingOccurrences(of: "3.jpeg", with: "5.jpeg") }
            var newcomer = try #require(await server.servedSnapshot().characters.last)
            newcomer.id = 46
            newcomer.url = "\(base.absoluteString)/character/46"
            newcomer.image = "\(base.absoluteString)/character/avatar/46.jpeg"
            await server.upsert(newcomer)
            await server.setAvatar(Fixture.avatar(46), forCharacter: 46)
            let newcomerURL = newcomer.url
            try await server.updateLocation(id: 2) { $0.residents.append(newcomerURL) }
            await server.remove(.episode, id: 2)
            await server.resetCounters()

            let report = try await service.refresh()
            #expect(report.snapshot == (await server.servedSnapshot()))
            #expect(report.changes.characters == ResourceChanges(kind: .character, added: [46], changed: [1, 3]))
            #expect(report.changes.locations == ResourceChanges(kind: .location, changed: [2]))
            #expect(report.changes.episodes == ResourceChanges(kind: .episode, removed: [2]))
            #expect(report.changes.summary == [
                "characters: 1 added (46), 2 changed (1, 3)", "locations: 1 changed (2)", "episodes: 1 removed (2)",
            ])
            // Only the new picture and the one whose URL changed are downloaded.
            #expect(report.statistics.imagesDownloaded == 2)
            #expect(await server.counters().imagesServed == 2)
            guard case .file(let path) = try #require(report.avatars[3]).source else {
                Issue.record("avatar 3 is not a file")
                return
            }
            #expect(FileManager.default.contents(atPath: path) == Data(Fixture.avatar(5).bytes))
            #expect(report.avatars[3]?.fileExtension == "jpeg")
            #expect(report.avatars.count == 46)
        }
    }

    /// One rule for every picture that cannot be had: a warning naming it and why, a placeholder, and a fetch
    /// that succeeds (it used to be a quiet placeholder for a 404 and a failed nightly build for the rest).
    @Test func aBadPictureIsAWarningAndAPlaceholderNeverAFailedFetch() async throws {
        try await Fixture.withServer { other, otherBase in
            try await Fixture.withServer { server, base in
                let avatars = "\(base.absoluteString)/character/avatar"
                try await server.updateCharacter(id: 6) { $0.image = "\(avatars)/600.jpeg" }
                await server.setFaults([
                    LoopbackFaultRule(.path("/api/character/avatar/7.jpeg"), .status(500)),
                    LoopbackFaultRule(.path("/api/character/avatar/8.jpeg"), .redirect(to: "\(otherBase.absoluteString)/character/avatar/8.jpeg")),
                    LoopbackFaultRule(.path("/api/character/avatar/9.jpeg"), .replaceBody(Array("<html>".utf8), contentType: "text/html")),
                    LoopbackFaultRule(.path("/api/character/avatar/10.jpeg"), .streamedBody(bytes: 5 << 20, contentType: "image/jpeg")),
                ])
                let report = try await Fixture.service(Fixture.client(base, attempts: 2)).refresh()
                #expect(report.failedAvatars.map(\.download.characterID) == [6, 7, 8, 9, 10])
                #expect(report.avatars.count == 40 && (6...10).allSatisfy { report.avatars[$0] == nil })
                let host = "127.0.0.1:\(otherBase.port ?? 0)"
                let tail = "it shows a placeholder, and the next fetch asks again"
                let expected: Set<String> = [
                    "warning: no picture for character 6 (HTTP 404, e.g. \(avatars)/600.jpeg); \(tail)",
                    "warning: no picture for character 7 (failed after 2 attempts, last HTTP 500, e.g. \(avatars)/7.jpeg); \(tail)",
                    "warning: no picture for character 8 (redirected to another host (\(host)), e.g. \(avatars)/8.jpeg); \(tail)",
                    "warning: no picture for character 9 (HTML sent as text/html, e.g. \(avatars)/9.jpeg); \(tail)",
                    "warning: no picture for character 10 (more than 4 MiB, e.g. \(avatars)/10.jpeg); \(tail)",
                ]
                #expect(Set(report.warnings) == expected)
                #expect(report.warnings.count == 5)
                #expect(await other.counters().requests == 0)
            }
        }
    }
}
