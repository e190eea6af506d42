import Foundation
import LoopbackAPI
import RickAndMortyAPI
import Testing
import TestSupport

/// A fetch that fails, wherever it fails, leaves the previous snapshot and pictures exactly as they were (only
/// the pictures it checked are kept aside, in `downloads/`, for the next try).
@Suite struct CacheSafetyTests {
    /// A bad picture alone no longer fails a fetch (`aBadPictureIsAWarningAndAPlaceholderNeverAFailedFetch`); a
    /// picture the API says to wait a day for does, under the time limit.
    @Test(arguments: [
        ("/api/character?page=3", LoopbackFault.status(500)), ("/api/character/avatar/46.jpeg", .tooManyRequests(retryAfter: "86400")),
    ])
    func aFetchThatFinallyFailsLeavesTheCacheByteIdentical(failingPath: String, fault: LoopbackFault) async throws {
        try await Fixture.withServer { server, base in
            let service = try Fixture.service(Fixture.client(base, attempts: 2))
            _ = try await service.refresh()
            let before = DirectoryDigest.committed(service.cache.directory)

            // Changes that the failed fetch would otherwise have written: a renamed character, a new one with
            // a new picture, a changed picture.
            try await server.updateCharacter(id: 1) { $0.name = "Renamed" }
            var newcomer = try #require(await server.servedSnapshot().characters.last)
            newcomer.id = 46
            newcomer.image = "\(base.absoluteString)/character/avatar/46.jpeg"
            newcomer.url = "\(base.absoluteString)/character/46"
            await server.upsert(newcomer)
            await server.setAvatar(Fixture.avatar(46), forCharacter: 46)
            try await server.updateCharacter(id: 2) { $0.image = "\($0.image).new" }
            await server.setFaults([LoopbackFaultRule(.path(failingPath), fault)])

            await #expect(throws: APIError.self) {
                try await service.client.withTimeLimit(.seconds(600), progress: .silent) { try await service.refresh() }
            }
            #expect(DirectoryDigest.committed(service.cache.directory) == before)
        }
    }

    @Test func offlineWithoutACacheSaysSo() throws {
        let folder = try SharedFixtures.temporaryDirectory("rmwiki-empty")
        let service = DataService(client: APIClient(), cache: DataCache(directory: folder))
        #expect(!service.cache.hasSnapshot)
        let error = #expect(throws: DataCacheError.self) { try service.loadOffline() }
        #expect(error == .noSnapshot(directory: folder.path))
        #expect(try #require(error).description.contains("run `rmwiki fetch`"))
    }

    @Test func aDamagedSnapshotIsReportedWithItsPath() throws {
        let folder = try SharedFixtures.temporaryDirectory("rmwiki-damaged")
        let cache = DataCache(directory: folder)
        try Data(#"{"characters":[{"id":1}]}"#.utf8).write(to: cache.snapshotFile)
        let error = #expect(throws: DataCacheError.self) { try cache.loadSnapshot() }
        let text = try #require(error).description
        #expect(text.contains(cache.snapshotFile.path) && text.contains("characters[0]"))
    }

    @Test func leftoversOfAnInterruptedRefreshAreRemovedAndNothingElse() async throws {
        try await Fixture.withServer { _, base in
            let service = try Fixture.service(Fixture.client(base))
            _ = try await service.refresh()
            let before = DirectoryDigest.contents(of: service.cache.directory)
            let staging = try service.cache.makeStaging()
            try Data("partial".utf8).write(to: staging.folder.appendingPathComponent("7.jpeg"))
            try Data("partial".utf8).write(to: service.cache.directory.appendingPathComponent(".tmp-1234-snapshot.json"))
            service.cache.removeLeftovers()
            #expect(DirectoryDigest.contents(of: service.cache.directory) == before)
        }
    }
}

/// Two refreshes of one cache folder cannot overlap.
@Suite struct CacheLockTests {
    @Test func aSecondRefreshOfTheSameCacheIsRefusedWhileTheFirstRuns() async throws {
        try await Fixture.withServer { server, base in
            let folder = try SharedFixtures.temporaryDirectory("rmwiki-locked")
            let first = try Fixture.service(Fixture.client(base), cache: folder)
            let second = try Fixture.service(Fixture.client(base), cache: folder)
            // The first refresh holds the lock from before its first request until it returns; the gate keeps
            // that request unanswered until the second refresh has been refused.
            let gate = LoopbackGate()
            await server.setFaults([LoopbackFaultRule(.any, .hold(gate))])
            async let running = first.refresh()
            await gate.waitForArrival()
            let error = await #expect(throws: DataCacheError.self) { try await second.refresh() }
            #expect(error == .busy(directory: folder.path))
            gate.open()
            _ = try await running
            // Released afterwards.
            _ = try await second.refresh()
        }
    }
}
