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

/// The fast snapshot reader reads exactly what `JSONDecoder` reads, or gives up and leaves it to `JSONDecoder`.
@Suite struct SnapshotReaderTests {
    static func decoded(_ json: String) -> Snapshot? {
        try? JSONDecoder().decode(Snapshot.self, from: Data(json.utf8))
    }

    @Test(arguments: [JSONEncoder.OutputFormatting(), [.prettyPrinted, .sortedKeys], [.withoutEscapingSlashes]])
    func readsWhatTheCacheWrites(formatting: JSONEncoder.OutputFormatting) throws {
        var snapshot = DemoDataset.snapshot
        snapshot.characters[0].name = "Ricky \"Tiny\" Sánchez \\ 🥒\n\t/ <b>"
        snapshot.locations[0].residents.append("")
        snapshot.episodes[0].id = -7
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        let data = try encoder.encode(snapshot)
        #expect(SnapshotReader.read(data) == snapshot)
    }

    @Test("escapes, unknown keys and spacing read as JSONDecoder reads them", arguments: [
        #"{"characters":[],"locations":[],"episodes":[{"id":1,"name":"A\u00e9\"\\\/\b\f\n\r\t\u0000","air_date":"","episode":"S01E01","characters":["x"],"url":"","created":"","extra":{"a":[1,true,false,null,"s",{"b":[]}]}}],"version":2}"#,
        " \n{ \"episodes\" : [ ] , \"locations\" : [ ] , \"characters\" : [ ] } \n",
        #"{"characters":[{"id":1,"name":"R","status":"","species":"","type":"","gender":"","origin":{"name":"","url":"","x":0},"location":{"url":"","name":""},"image":"","episode":[],"url":"","created":""}],"locations":[{"id":2,"name":"","type":"","dimension":"","residents":[],"url":"","created":""}],"episodes":[]}"#,
    ])
    func readsLikeJSONDecoder(json: String) throws {
        let expected = try #require(Self.decoded(json))
        #expect(SnapshotReader.read(Data(json.utf8)) == expected)
    }

    @Test("gives up on anything but the plain shape, valid or not, so JSONDecoder decides", arguments: [
        #"{"characters":[],"locations":[],"episodes":[{"id":1.0,"name":"","air_date":"","episode":"","characters":[],"url":"","created":""}]}"#,
        #"{"characters":[],"locations":[],"episodes":[],"episodes":[]}"#,
        #"{"characters":[],"locations":[],"episodes":[{"id":1,"name":"\ud83e\udd52","air_date":"","episode":"","characters":[],"url":"","created":""}]}"#,
        #"{"characters":[],"locations":[]}"#,
        #"{"characters":[],"locations":[],"episodes":[]"#,
        #"{"characters":[],"locations":[],"episodes":[]} x"#,
        #"{"characters":[{"id":1}],"locations":[],"episodes":[]}"#,
        #"{"characters":[],"locations":[],"episodes":[{"id":01,"name":"","air_date":"","episode":"","characters":[],"url":"","created":""}]}"#,
        #"{"characters":[],"locations":[],"episodes":[{"id":1,"name":null,"air_date":"","episode":"","characters":[],"url":"","created":""}]}"#,
        #"{"characters":[],"locations":[],"episodes":[{"id":99999999999999999999,"name":"","air_date":"","episode":"","characters":[],"url":"","created":""}]}"#,
        "{\"characters\":[],\"locations\":[],\"episodes\":[],\"x\":\"a\u{1}\"}",
        "",
    ])
    func givesUp(json: String) {
        #expect(SnapshotReader.read(Data(json.utf8)) == nil)
    }

    @Test func invalidUTF8IsLeftToJSONDecoder() {
        var bytes = Array(#"{"characters":[],"locations":[],"episodes":[],"x":"ab"}"#.utf8)
        bytes[bytes.count - 3] = 0xFF
        #expect(SnapshotReader.read(Data(bytes)) == nil)
    }
}
