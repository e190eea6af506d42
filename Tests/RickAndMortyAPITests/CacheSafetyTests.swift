import Foundation
import LoopbackAPI
@testable import Primitives
@testable import RickAndMortyAPI
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
        let error = #expect(throws: DataCacheError.self) { try service.readOffline(from: service.cache.current) }
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

/// The cache folder is rmwiki's before anything in it is cleaned: missing, empty, marked, or an earlier rmwiki's
/// cache (adopted). Inside it, only names the cache writes are ever removed.
@Suite struct CacheOwnershipTests {
    static let marker = ".rmwiki-cache"

    /// Refreshes into a new folder holding `files` (path, text): refused with `reason` (given the folder), and the
    /// folder left byte-identical.
    func expectRefused(holding files: [(String, String)], reason: (URL) -> String) async throws {
        try await Fixture.withServer { _, base in
            let folder = try SharedFixtures.temporaryDirectory("rmwiki-foreign")
            defer { try? FileManager.default.removeItem(at: folder) }
            for (name, text) in files {
                let file = folder.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
            }
            let before = DirectoryDigest.contents(of: folder)
            let service = try Fixture.service(Fixture.client(base), cache: folder)
            let error = await #expect(throws: DataCacheError.self) { try await service.refresh() }
            #expect(error == .refused(path: folder.path, reason: reason(folder), foreign: true))
            #expect(DirectoryDigest.contents(of: folder) == before)
        }
    }

    @Test func aFolderHoldingSomeoneElsesFilesIsRefusedAndLeftByteIdentical() async throws {
        try await expectRefused(holding: [("downloads/tax-return.pdf", "pdf"), ("avatars/me.png", "png"), ("responses.json", "{}")]) { _ in
            "it holds 3 entries that are not rmwiki's cache (avatars, downloads, responses.json)"
        }
    }

    /// Only names a cache uses (`snapshot.json`, `avatars`, `history.json`) say little: the folder was adopted
    /// and its `snapshot.json` replaced. Only a snapshot that reads as one makes it an earlier cache.
    @Test(arguments: ["my notes on the garden", #"{"characters": "mine"}"#])
    func aSnapshotJSONThatIsNoSnapshotIsNoEarlierCache(text: String) async throws {
        try await expectRefused(holding: [("snapshot.json", text), ("avatars/me.png", "png"), ("history.json", "{}")]) { folder in
            "its \(folder.path)/snapshot.json is not a snapshot rmwiki wrote, so nothing says it is rmwiki's cache"
        }
    }

    @Test func anEarlierCacheWithoutTheMarkerIsAdoptedAndMarked() async throws {
        try await Fixture.withServer { server, base in
            let service = try Fixture.service(Fixture.client(base))
            let first = try await service.refresh()
            let marker = service.cache.directory.appendingPathComponent(Self.marker)
            try FileManager.default.removeItem(at: marker)
            try await server.updateCharacter(id: 1) { $0.name = "Renamed" }
            let second = try await service.refresh()
            #expect(second.changes.characters.changed == [1] && second.snapshot != first.snapshot)
            #expect(FileManager.default.fileExists(atPath: marker.path))
        }
    }

    @Test func filesTheCacheDidNotWriteSurviveCommitsAndFailures() async throws {
        try await Fixture.withServer { server, base in
            let service = try Fixture.service(Fixture.client(base, attempts: 1))
            _ = try await service.refresh()
            let directory = service.cache.directory
            let mine = ["downloads/tax-return.pdf", "avatars/me.png", "notes.txt"]
            for name in mine {
                let file = directory.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("mine".utf8).write(to: file)
            }
            // A commit (changed data, so downloads and the flat layout's leftovers are cleaned) and a failed refresh.
            try await server.updateCharacter(id: 2) { $0.image = "\($0.image).new" }
            _ = try await service.refresh()
            await server.setFaults([LoopbackFaultRule(.path("/api/character?page=1"), .status(500))])
            await #expect(throws: APIError.self) { try await service.refresh() }
            for name in mine {
                #expect(FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) == Data("mine".utf8), "\(name)")
            }
        }
    }

    @Test func aFileIsNoCache() throws {
        let folder = try SharedFixtures.temporaryDirectory("rmwiki-file-cache")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: file)
        #expect(throws: DataCacheError.refused(path: file.path, reason: "it is not a folder", foreign: true)) {
            try CacheGuard.forThisProcess().check(file)
        }
    }

    @Test func theCacheIsNeverAHomeOrTheCurrentFolder() async throws {
        let home = try SharedFixtures.temporaryDirectory("rmwiki-home")
        defer { try? FileManager.default.removeItem(at: home) }
        let here = FileManager.default.currentDirectoryPath
        let rules = ProtectedFolders(currentDirectory: here, homes: [ProtectedFolders.resolved(home)], runtimeFiles: [], folders: [])
        let cacheGuard = CacheGuard(rules: rules)
        #expect(throws: DataCacheError.refused(path: home.path, reason: "it is a home folder", foreign: false)) {
            try cacheGuard.check(home)
        }
        #expect(throws: DataCacheError.refused(path: here, reason: "it is the current folder", foreign: false)) {
            try cacheGuard.check(URL(fileURLWithPath: here))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
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
