import Foundation
@testable import RickAndMortyAPI
import Testing

/// The history behind "What's new" keeps whole refreshes: the newest `buildLimit` that found anything, each
/// with every change it found.
@Suite struct ChangeHistoryTests {
    static func snapshot(characters: Int) -> Snapshot {
        var snapshot = Fixture.snapshot(characters: 1, locations: 1, episodes: 1)
        let model = snapshot.characters[0]
        snapshot.characters = (1...characters).map { id in
            var character = model
            character.id = id
            character.name = "Character \(id)"
            return character
        }
        return snapshot
    }

    @Test func aLargeRefreshKeepsEveryChange() {
        let old = Self.snapshot(characters: 500)
        var new = Self.snapshot(characters: 1_500)
        for index in 0..<400 { new.characters[index].status = "Dead" }
        var history = ChangeHistory()
        history.record(SnapshotChanges(from: old, to: new), in: new, previous: old, at: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(history.entries.count == 1_400)
        #expect(history.builds.count == 1)
        #expect(history.entries.filter { $0.change == .added }.map(\.id) == Array(501...1_500))
        #expect(history.entries.filter { $0.change == .changed }.map(\.id) == Array(1...400))
        #expect(history.entries.first { $0.id == 1_234 }?.name == "Character 1234")
    }

    @Test func theNewestRefreshesAreKeptWhole() {
        var history = ChangeHistory()
        var snapshot = Self.snapshot(characters: 3)
        for build in 0..<(ChangeHistory.buildLimit + 5) {
            let previous = snapshot
            snapshot.characters = snapshot.characters.map { character in
                var changed = character
                changed.name = "Character \(character.id), version \(build)"
                return changed
            }
            history.record(SnapshotChanges(from: previous, to: snapshot), in: snapshot, previous: previous,
                           at: Date(timeIntervalSince1970: 1_800_000_000 + Double(build) * 86_400))
        }
        #expect(history.builds.count == ChangeHistory.buildLimit)
        #expect(history.builds.allSatisfy { $0.entries.count == 3 })
        #expect(history.builds.first?.entries.first?.name == "Character 1, version \(ChangeHistory.buildLimit + 4)")
        #expect(history.builds.last?.entries.first?.name == "Character 1, version 5")
        #expect(history.builds.map(\.date) == history.builds.map(\.date).sorted(by: >))
    }

    @Test func refreshesInTheSameSecondStayApart() {
        var history = ChangeHistory()
        var snapshot = Self.snapshot(characters: 2)
        let moment = Date(timeIntervalSince1970: 1_800_000_000.25)
        // Three fast refreshes in one second, then one dated before them (a clock stepped back).
        for (version, date) in [moment, moment.addingTimeInterval(0.5), moment, moment.addingTimeInterval(-60)].enumerated() {
            let previous = snapshot
            snapshot.characters[0].name = "Character 1, version \(version)"
            history.record(SnapshotChanges(from: previous, to: snapshot), in: snapshot, previous: previous, at: date)
        }
        #expect(history.builds.map(\.date) == ["2027-01-15T08:00:03Z", "2027-01-15T08:00:02Z", "2027-01-15T08:00:01Z",
                                                 "2027-01-15T08:00:00Z"])
        #expect(history.builds.map { $0.entries.map(\.name) } == (0...3).reversed().map { ["Character 1, version \($0)"] })
    }

    @Test func aRemovedRecordIsRecordedUnderItsFormerName() {
        let old = Self.snapshot(characters: 6)
        var new = old
        new.characters.removeAll { $0.id == 5 }
        var history = ChangeHistory()
        history.record(SnapshotChanges(from: old, to: new), in: new, previous: old, at: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(history.entries.map(\.change) == [.removed])
        #expect(history.entries.first?.id == 5)
        #expect(history.entries.first?.name == "Character 5")
    }

    @Test func aFirstSnapshotAndAnUnchangedOneRecordNothing() {
        let snapshot = Self.snapshot(characters: 3)
        var history = ChangeHistory()
        history.record(SnapshotChanges(from: nil, to: snapshot), in: snapshot, previous: nil, at: Date())
        history.record(SnapshotChanges(from: snapshot, to: snapshot), in: snapshot, previous: snapshot, at: Date())
        #expect(history.entries.isEmpty)
    }

    @Test func aHistoryOfAnOlderVersionLoadsAndIsCutByRefreshes() throws {
        let entries = (0..<(ChangeHistory.buildLimit + 1)).map { day in
            ChangeHistory.Entry(date: "2026-01-\(day)", kind: .character, id: 1, name: "Rick", change: .changed)
        }
        let data = try JSONEncoder().encode(["entries": entries])
        let loaded = try JSONDecoder().decode(ChangeHistory.self, from: data)
        #expect(ChangeHistory(entries: loaded.entries).builds.count == ChangeHistory.buildLimit)
    }
}
