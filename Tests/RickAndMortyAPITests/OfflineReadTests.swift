import Foundation
@testable import RickAndMortyAPI
import Testing
import TestSupport

/// A build reads the cache once: the records, and the very bytes they were decoded from, which the build's
/// no-change check fingerprints instead of reading the files again.
@Suite struct OfflineReadTests {
    @Test func theBytesReadAreHandedOverWithTheRecords() throws {
        let folder = try SharedFixtures.temporaryDirectory("rmwiki-offline-read")
        defer { try? FileManager.default.removeItem(at: folder) }
        let service = DataService(client: APIClient(), cache: DataCache(directory: folder))
        let generation = service.cache.current
        let snapshot = Snapshot(characters: [], locations: [], episodes: [])
        let snapshotBytes = try JSONEncoder().encode(snapshot)
        try snapshotBytes.write(to: generation.snapshotFile)

        let first = try service.readOffline(from: generation)
        #expect(first.snapshot == snapshot && first.history == ChangeHistory())
        #expect(first.files.map(\.path) == [generation.snapshotFile.path, generation.historyFile.path])
        #expect(first.files.map(\.bytes) == [snapshotBytes, nil], "no history yet: nothing read")

        let history = try ChangeHistory(entries: [.init(date: "2026-11-22T03:30:00Z", kind: .character, id: 1, name: "Rick", change: .added)]).encoded()
        try history.write(to: generation.historyFile)
        #expect(try service.readOffline(from: generation).files.map(\.bytes) == [snapshotBytes, history])
    }

    @Test func aDamagedSnapshotStillNamesTheFileAndTheField() throws {
        let folder = try SharedFixtures.temporaryDirectory("rmwiki-offline-damaged")
        defer { try? FileManager.default.removeItem(at: folder) }
        let service = DataService(client: APIClient(), cache: DataCache(directory: folder))
        try Data(#"{"characters":[{"id":1}]}"#.utf8).write(to: service.cache.snapshotFile)
        let error = #expect(throws: DataCacheError.self) { try service.readOffline(from: service.cache.current) }
        let text = try #require(error).description
        #expect(text.contains(service.cache.snapshotFile.path) && text.contains("characters[0]"))
    }
}
