import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import Testing
import TestSupport

/// A refresh commits a whole new generation of the cache with one rename, linking unchanged pictures instead of
/// copying them; whatever state an interrupted commit leaves, the cache reads as entirely old or entirely new.
@Suite(.ownThread) struct CacheGenerationTests {
    static func inode(_ file: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int)
    }

    static func folderNames(_ cache: DataCache) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cache.directory.path).sorted()
    }

    @Test func unchangedPicturesAreHardLinkedAndTheGenerationBeforeIsKept() async throws {
        try await Fixture.withServer { server, base in
            let service = try Fixture.service(Fixture.client(base))
            _ = try await service.refresh()
            let first = service.cache.current
            #expect(first.folder.lastPathComponent == "generation-1")

            try await server.updateCharacter(id: 2) { $0.image = $0.image.replacingOccurrences(of: "2.jpeg", with: "9.jpeg") }
            let report = try await service.refresh()
            let second = service.cache.current
            #expect(second.folder.lastPathComponent == "generation-2")
            #expect(report.statistics.imagesDownloaded == 1)
            let unchanged = try #require(first.storedAvatar(forCharacter: 5)).file
            #expect(try Self.inode(unchanged) == Self.inode(try #require(second.storedAvatar(forCharacter: 5)).file))
            #expect(try Self.folderNames(service.cache) == [".rmwiki-cache", "current", "generation-1", "generation-2"])

            try await server.updateCharacter(id: 1) { $0.name = "Renamed" }
            _ = try await service.refresh()
            #expect(try Self.folderNames(service.cache) == [".rmwiki-cache", "current", "generation-2", "generation-3"])

            // A refresh that finds nothing new makes no generation.
            let before = DirectoryDigest.contents(of: service.cache.directory)
            _ = try await service.refresh()
            #expect(DirectoryDigest.contents(of: service.cache.directory) == before)
        }
    }

    /// Each state a commit passes through, as a kill would leave it: only `current` says which generation is the
    /// cache, and the next refresh clears the rest and completes.
    @Test func everyStateOfAnInterruptedCommitReadsAsOldOrNew() async throws {
        try await Fixture.withServer { server, base in
            let service = try Fixture.service(Fixture.client(base))
            let old = try await service.refresh()
            try await server.updateCharacter(id: 1) { $0.name = "Renamed" }
            try await server.updateCharacter(id: 3) { $0.image = $0.image.replacingOccurrences(of: "3.jpeg", with: "8.jpeg") }
            let new = try await service.refresh()
            let cache = service.cache
            let manager = FileManager.default

            func expectReads(_ expected: RefreshReport, _ state: String) throws {
                let cached = try service.readOffline(from: service.cache.current)
                let (snapshot, avatars, history) = (cached.snapshot, cached.avatars, cached.history)
                #expect(snapshot == expected.snapshot, "\(state)")
                #expect(history == expected.history, "\(state)")
                let bytes = avatars.mapValues { avatar -> Data? in
                    guard case .file(let path) = avatar.source else { return nil }
                    return manager.contents(atPath: path)
                }
                let expectedBytes = expected.avatars.mapValues { avatar -> Data? in
                    guard case .file(let path) = avatar.source else { return nil }
                    return manager.contents(atPath: path)
                }
                #expect(bytes == expectedBytes, "\(state)")
            }
            func point(currentAt name: String) throws {
                let link = cache.directory.appendingPathComponent(".tmp-test-current")
                try manager.createSymbolicLink(atPath: link.path, withDestinationPath: name)
                #expect(rename(link.path, cache.directory.appendingPathComponent("current").path) == 0)
            }

            // Killed while staging: a half-assembled generation beside the old one.
            try point(currentAt: "generation-1")
            try manager.copyItem(at: cache.directory.appendingPathComponent("generation-2"),
                                 to: cache.directory.appendingPathComponent(".staging-killed"))
            try manager.removeItem(at: cache.directory.appendingPathComponent(".staging-killed/snapshot.json"))
            try expectReads(old, "staging")
            // Killed after the rename into place, before the switch; and with the new link not yet renamed.
            try manager.createSymbolicLink(
                atPath: cache.directory.appendingPathComponent(".tmp-killed-current").path, withDestinationPath: "generation-2")
            try expectReads(old, "before the switch")
            // Killed after the switch, before the clean-up.
            try point(currentAt: "generation-2")
            try expectReads(new, "after the switch")

            // The next refresh (the server unchanged) finds nothing new and removes the leftovers.
            try point(currentAt: "generation-1")
            let next = try await service.refresh()
            #expect(next.snapshot == new.snapshot)
            #expect(!next.changes.isEmpty, "from the old generation, the renamed character is news again")
            #expect(try Self.folderNames(cache) == [".rmwiki-cache", "current", "generation-1", "generation-2"])
            try expectReads(next, "after the next refresh")
        }
    }

    /// A cache written before generations existed (its files directly in the folder) is read as it is, and its
    /// first refresh moves it to generations without downloading its pictures again.
    @Test func aCacheInTheOldLayoutIsReadAndMigrated() async throws {
        try await Fixture.withServer { server, base in
            let service = try Fixture.service(Fixture.client(base))
            let first = try await service.refresh()
            let manager = FileManager.default
            let directory = service.cache.directory
            let generation = directory.appendingPathComponent("generation-1")
            for name in try manager.contentsOfDirectory(atPath: generation.path) {
                try manager.moveItem(at: generation.appendingPathComponent(name), to: directory.appendingPathComponent(name))
            }
            try manager.removeItem(at: generation)
            try manager.removeItem(at: directory.appendingPathComponent("current"))
            #expect(try service.readOffline(from: service.cache.current).snapshot == first.snapshot)

            try await server.updateCharacter(id: 1) { $0.name = "Renamed" }
            let report = try await service.refresh()
            #expect(report.statistics.imagesDownloaded == 0)
            #expect(report.changes.characters.changed == [1])
            #expect(try Self.folderNames(service.cache) == [".rmwiki-cache", "current", "generation-1"])
            #expect(report.avatars.count == 45)
        }
    }

    /// Against an API on which every third picture fails once, with no retries: the first run commits the others,
    /// with a placeholder and a warning for each failed one, and the second asks for those alone.
    @Test func aFlakyFirstFetchConverges() async throws {
        try await Fixture.withServer { server, base in
            let service = try Fixture.service(Fixture.client(base, concurrency: 1, attempts: 1))
            let flaky = Array(stride(from: 3, through: 45, by: 3))
            await server.setFaults(flaky.map { id in
                LoopbackFaultRule(.path("/api/character/avatar/\(id).jpeg"), .status(500), times: 1)
            })
            let first = try await service.refresh()
            #expect(first.avatars.count == 45 - flaky.count)
            #expect(first.failedAvatars.map(\.download.characterID) == flaky)
            let second = try await service.refresh()
            #expect(second.avatars.count == 45 && second.failedAvatars.isEmpty)
            #expect(second.statistics.imagesDownloaded == flaky.count)
            #expect(await server.counters().imagesServed == 45)
            let downloads = service.cache.directory.appendingPathComponent("downloads")
            #expect(!FileManager.default.fileExists(atPath: downloads.path), "committed downloads are cleared")
        }
    }

    /// A fetch that fails among the pictures (picture 30 is to wait a day, past the time limit): the second run
    /// downloads only what the first did not check.
    @Test func aSecondRunDownloadsOnlyWhatTheFailedFirstDidNotCheck() async throws {
        try await Fixture.withServer { server, base in
            let service = try Fixture.service(Fixture.client(base, attempts: 2))
            await server.setFaults([LoopbackFaultRule(.path("/api/character/avatar/30.jpeg"), .tooManyRequests(retryAfter: "86400"))])
            await #expect(throws: APIError.self) {
                try await service.client.withTimeLimit(.seconds(600), progress: .silent) { try await service.refresh() }
            }
            let kept = try FileManager.default.contentsOfDirectory(
                atPath: service.cache.directory.appendingPathComponent("downloads").path).count
            // Pictures are asked for in id order, a few at a time: 30 is asked for only once most before it are in.
            #expect(kept >= 30 - 1 - service.client.taskWidth)

            await server.clearFaults()
            let report = try await service.refresh()
            #expect(report.statistics.imagesDownloaded == 45 - kept)
            #expect(report.avatars.count == 45)
        }
    }
}

/// Batches of requests keep a bounded number of tasks alive, taking elements from the sequence as they go.
@Suite struct BoundedWorkTests {
    @Test func atMostWidthTasksAreAliveAndElementsAreTakenLazily() async throws {
        let alive = Alive()
        var collected: [Int] = []
        try await BoundedWork.forEach(1...2_000, width: 5) { element in
            await alive.enter()
            await Task.yield()
            await alive.leave()
            return element
        } collect: { value in
            collected.append(value)
        }
        #expect(collected.sorted() == Array(1...2_000))
        #expect(await alive.peak <= 5)
    }

    actor Alive {
        private var count = 0
        private(set) var peak = 0

        func enter() {
            count += 1
            peak = max(peak, count)
        }

        func leave() { count -= 1 }
    }
}
