import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import Testing
import TestSupport

/// The whole real dataset over HTTP on loopback, as `rmwiki fetch` gets it from the public API.
@Suite(.tags(.fullData), .skippable(.fullData)) struct FullDatasetFetchTests {
    @Test func aFullFetchIsCompleteAndASecondRunOnlyRevalidates() async throws {
        _ = try await Fixture.withSharedDataServer { server, base in
            let service = try Fixture.service(Fixture.client(base, concurrency: 8))

            let first = try await service.refresh()
            let served = await server.servedSnapshot()
            #expect(first.snapshot == served)
            #expect(first.snapshot.characters.map(\.id) == Array(1...826))
            #expect(first.snapshot.locations.map(\.id) == Array(1...126))
            #expect(first.snapshot.episodes.map(\.id) == Array(1...51))
            #expect(first.changes.isFirstSnapshot)
            #expect(first.changes.summary == ["first snapshot: 826 characters, 126 locations, 51 episodes"])
            #expect(first.statistics.requests == 42 + 7 + 3 + 826)
            #expect(first.statistics.imagesDownloaded == 826)

            // Every picture is cached byte for byte, named after what its bytes are.
            #expect(first.avatars.count == 826)
            var pngs = 0
            for id in 1...826 {
                let original = try Data(contentsOf: SharedFixtures.apiFolder.appendingPathComponent("avatars/\(id).jpeg"))
                let avatar = try #require(first.avatars[id])
                guard case .file(let path) = avatar.source else {
                    Issue.record("avatar \(id) is not a file")
                    continue
                }
                #expect(FileManager.default.contents(atPath: path) == original)
                #expect(avatar.fileExtension == ImageFormat.detect(original)?.fileExtension)
                if avatar.fileExtension == "png" { pngs += 1 }
            }
            #expect(pngs == 336)

            // The second run: only conditional requests, every one answered 304, no picture downloaded.
            let cacheBefore = DirectoryDigest.contents(of: service.cache.directory)
            await server.resetCounters()
            let second = try await service.refresh()
            let counters = await server.counters()
            #expect(counters.requests == 42 + 7 + 3)
            #expect(counters.conditionalRequests == counters.requests)
            #expect(counters.notModified == counters.requests)
            #expect(counters.imagesServed == 0)
            #expect(await server.requestLog().allSatisfy { !$0.isImage })
            #expect(second.snapshot == first.snapshot)
            #expect(second.changes.isEmpty)
            #expect(second.changes.summary == ["no changes since the last snapshot"])
            #expect(second.avatars == first.avatars)
            #expect(DirectoryDigest.contents(of: service.cache.directory) == cacheBefore)

            // Offline reads the same back without a request.
            await server.resetCounters()
            let cached = try service.readOffline(from: service.cache.current)
            let (offline, avatars) = (cached.snapshot, cached.avatars)
            #expect(offline == first.snapshot)
            #expect(avatars == first.avatars)
            #expect(await server.counters().requests == 0)
        }
    }
}
