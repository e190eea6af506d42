/// What changed between the previous snapshot and a new one, per resource.
public struct SnapshotChanges: Sendable, Equatable {
    /// True when there was no previous snapshot: everything is new.
    public var isFirstSnapshot: Bool
    public var characters: ResourceChanges
    public var locations: ResourceChanges
    public var episodes: ResourceChanges

    public init(from old: Snapshot?, to new: Snapshot) {
        isFirstSnapshot = old == nil
        characters = ResourceChanges(kind: .character, old: old?.characters ?? [], new: new.characters)
        locations = ResourceChanges(kind: .location, old: old?.locations ?? [], new: new.locations)
        episodes = ResourceChanges(kind: .episode, old: old?.episodes ?? [], new: new.episodes)
        counts = (new.characters.count, new.locations.count, new.episodes.count)
    }

    private var counts: (characters: Int, locations: Int, episodes: Int)

    public var all: [ResourceChanges] { [characters, locations, episodes] }

    public var isEmpty: Bool { all.allSatisfy(\.isEmpty) }

    /// Lines ready to print after a fetch.
    public var summary: [String] {
        if isFirstSnapshot {
            return ["first snapshot: \(counts.characters) characters, \(counts.locations) locations, "
                + "\(counts.episodes) episodes"]
        }
        if isEmpty { return ["no changes since the last snapshot"] }
        return all.map(\.summary)
    }

    public static func == (lhs: SnapshotChanges, rhs: SnapshotChanges) -> Bool {
        lhs.isFirstSnapshot == rhs.isFirstSnapshot && lhs.all == rhs.all && lhs.counts == rhs.counts
    }
}
