import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import TestSupport
import Testing

/// The records' URLs carry the API's host: the same data from another host is no change.
@Suite struct HostChangeTests {
    @Test func theSameDataFromAnotherHostRecordsNoChange() async throws {
        let cache = try SharedFixtures.temporaryDirectory("rmwiki-host-change")
        defer { try? FileManager.default.removeItem(at: cache) }
        let snapshot = Fixture.snapshot()
        let first = try await Fixture.withServer(snapshot) { _, base in
            try await Fixture.service(Fixture.client(base), cache: cache).refresh(recordingAt: Date(timeIntervalSince1970: 1_800_000_000))
        }
        // Another server, on another port: every URL in the records differs.
        let second = try await Fixture.withServer(snapshot) { _, base in
            try await Fixture.service(Fixture.client(base), cache: cache).refresh(recordingAt: Date(timeIntervalSince1970: 1_800_086_400))
        }
        #expect(first.snapshot.characters[0].url != second.snapshot.characters[0].url, "the URLs name the new host")
        #expect(second.changes.isEmpty, "\(second.changes.summary)")
        #expect(second.history.entries.isEmpty)
    }

    @Test func aRealChangeIsStillOneOnAnotherHost() {
        let old = Fixture.snapshot()
        var new = old.servedFrom("https://rickandmortyapi.com/api", "http://127.0.0.1:9/mirror/api")
        new.characters[1].name = "Renamed"
        let changes = SnapshotChanges(from: old, to: new)
        #expect(changes.characters == ResourceChanges(kind: .character, changed: [2]))
        #expect(changes.locations.isEmpty && changes.episodes.isEmpty)
    }
}

extension Snapshot {
    /// The same records with every URL under `source` moved under `target` (another host, port and path).
    fileprivate func servedFrom(_ source: String, _ target: String) -> Snapshot {
        let data = (try? JSONEncoder().encode(self)) ?? Data()
        let text = String(decoding: data, as: UTF8.self)
            .replacingOccurrences(of: source.replacingOccurrences(of: "/", with: "\\/"), with: target.replacingOccurrences(of: "/", with: "\\/"))
            .replacingOccurrences(of: source, with: target)
        return (try? JSONDecoder().decode(Snapshot.self, from: Data(text.utf8))) ?? self
    }
}
