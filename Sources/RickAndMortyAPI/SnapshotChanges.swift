import Primitives
/// What changed between the previous snapshot and a new one, per resource.
package struct SnapshotChanges: Sendable, Equatable {
    /// True when there was no previous snapshot: everything is new.
    package var isFirstSnapshot: Bool
    package var characters: ResourceChanges
    package var locations: ResourceChanges
    package var episodes: ResourceChanges

    package init(from old: Snapshot?, to new: Snapshot) {
        isFirstSnapshot = old == nil
        characters = ResourceChanges(kind: .character, old: old?.characters ?? [], new: new.characters)
        locations = ResourceChanges(kind: .location, old: old?.locations ?? [], new: new.locations)
        episodes = ResourceChanges(kind: .episode, old: old?.episodes ?? [], new: new.episodes)
        counts = (new.characters.count, new.locations.count, new.episodes.count)
    }

    private var counts: (characters: Int, locations: Int, episodes: Int)

    package var all: [ResourceChanges] { [characters, locations, episodes] }

    package var isEmpty: Bool { all.allSatisfy(\.isEmpty) }

    /// Lines ready to print after a fetch.
    package var summary: [String] {
        if isFirstSnapshot {
            return ["first snapshot: \(CountText.of(counts.characters, "character")), "
                + "\(CountText.of(counts.locations, "location")), \(CountText.of(counts.episodes, "episode"))"]
        }
        if isEmpty { return ["no changes since the last snapshot"] }
        return all.map(\.summary)
    }

    package static func == (lhs: SnapshotChanges, rhs: SnapshotChanges) -> Bool {
        lhs.isFirstSnapshot == rhs.isFirstSnapshot && lhs.all == rhs.all && lhs.counts == rhs.counts
    }
}

/// Which records of one resource were added, changed or removed between two snapshots.
package struct ResourceChanges: Sendable, Equatable {
    package var kind: ResourceKind
    package var added: [Int]
    package var changed: [Int]
    package var removed: [Int]

    package init(kind: ResourceKind, added: [Int] = [], changed: [Int] = [], removed: [Int] = []) {
        self.kind = kind
        self.added = added
        self.changed = changed
        self.removed = removed
    }

    init<Record: Identifiable & Equatable>(kind: ResourceKind, old: [Record], new: [Record]) where Record.ID == Int {
        let before = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.kind = kind
        added = after.keys.filter { before[$0] == nil }.sorted()
        removed = before.keys.filter { after[$0] == nil }.sorted()
        changed = after.compactMap { id, record in before[id].flatMap { $0 == record ? nil : id } }.sorted()
    }

    package var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty }

    /// The plural the summary uses: `characters`, `locations`, `episodes`.
    package var collectionName: String { kind.rawValue + "s" }

    /// `characters: 2 added (827, 828), 1 changed (1)` or `locations: unchanged`.
    package var summary: String {
        var parts: [String] = []
        if !added.isEmpty { parts.append("\(added.count) added (\(APIClient.list(added)))") }
        if !changed.isEmpty { parts.append("\(changed.count) changed (\(APIClient.list(changed)))") }
        if !removed.isEmpty { parts.append("\(removed.count) removed (\(APIClient.list(removed)))") }
        return "\(collectionName): " + (parts.isEmpty ? "unchanged" : parts.joined(separator: ", "))
    }
}
