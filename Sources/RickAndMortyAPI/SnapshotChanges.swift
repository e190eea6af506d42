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
            return ["first snapshot: \(counts.characters) characters, \(counts.locations) locations, "
                + "\(counts.episodes) episodes"]
        }
        if isEmpty { return ["no changes since the last snapshot"] }
        return all.map(\.summary)
    }

    package static func == (lhs: SnapshotChanges, rhs: SnapshotChanges) -> Bool {
        lhs.isFirstSnapshot == rhs.isFirstSnapshot && lhs.all == rhs.all && lhs.counts == rhs.counts
    }
}
