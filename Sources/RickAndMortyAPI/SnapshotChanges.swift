import Primitives
/// What changed between the previous snapshot and a new one, per resource.
package struct SnapshotChanges: Sendable, Equatable {
    /// True when there was no previous snapshot: everything is new.
    var isFirstSnapshot: Bool
    var characters: ResourceChanges
    var locations: ResourceChanges
    var episodes: ResourceChanges

    /// Records are compared with their URLs' API root (scheme, host, port and path up to the collections)
    /// taken out: the same data from another `--api` host (a mirror, a new port) is no change.
    init(from old: Snapshot?, to new: Snapshot) {
        isFirstSnapshot = old == nil
        let oldRoot = old.flatMap(\.apiRoot)
        let newRoot = new.apiRoot
        let (before, after) = oldRoot == newRoot
            ? (old, new) : (old.map { $0.removingURLPrefix(oldRoot) }, new.removingURLPrefix(newRoot))
        characters = ResourceChanges(kind: .character, old: before?.characters ?? [], new: after.characters)
        locations = ResourceChanges(kind: .location, old: before?.locations ?? [], new: after.locations)
        episodes = ResourceChanges(kind: .episode, old: before?.episodes ?? [], new: after.episodes)
        counts = (new.characters.count, new.locations.count, new.episodes.count)
    }

    private var counts: (characters: Int, locations: Int, episodes: Int)

    var all: [ResourceChanges] { [characters, locations, episodes] }

    var isEmpty: Bool { all.allSatisfy(\.isEmpty) }

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
struct ResourceChanges: Sendable, Equatable {
    var kind: ResourceKind
    var added: [Int]
    var changed: [Int]
    var removed: [Int]

    init(kind: ResourceKind, added: [Int] = [], changed: [Int] = [], removed: [Int] = []) {
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

    var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty }

    /// The plural the summary uses: `characters`, `locations`, `episodes`.
    var collectionName: String { kind.rawValue + "s" }

    /// `characters: 2 added (827, 828), 1 changed (1)` or `locations: unchanged`.
    var summary: String {
        var parts: [String] = []
        if !added.isEmpty { parts.append("\(added.count) added (\(APIClient.list(added)))") }
        if !changed.isEmpty { parts.append("\(changed.count) changed (\(APIClient.list(changed)))") }
        if !removed.isEmpty { parts.append("\(removed.count) removed (\(APIClient.list(removed)))") }
        return "\(collectionName): " + (parts.isEmpty ? "unchanged" : parts.joined(separator: ", "))
    }
}

extension Snapshot {
    /// What the records' own URLs start with before `/character/1` and the like: `https://rickandmortyapi.com/api`.
    /// Nil when no record has a URL of that form.
    var apiRoot: String? {
        func root(_ url: String, _ kind: ResourceKind, _ id: Int) -> String? {
            let suffix = "/\(kind.rawValue)/\(id)"
            return url.hasSuffix(suffix) ? String(url.dropLast(suffix.count)) : nil
        }
        return characters.lazy.compactMap { root($0.url, .character, $0.id) }.first
            ?? locations.lazy.compactMap { root($0.url, .location, $0.id) }.first
            ?? episodes.lazy.compactMap { root($0.url, .episode, $0.id) }.first
    }

    /// Every URL that starts with `prefix`, without it; the others as they are.
    func removingURLPrefix(_ prefix: String?) -> Snapshot {
        guard let prefix, !prefix.isEmpty else { return self }
        func strip(_ url: String) -> String { url.hasPrefix(prefix) ? String(url.dropFirst(prefix.count)) : url }
        var copy = self
        for index in copy.characters.indices {
            copy.characters[index].url = strip(copy.characters[index].url)
            copy.characters[index].image = strip(copy.characters[index].image)
            copy.characters[index].origin.url = strip(copy.characters[index].origin.url)
            copy.characters[index].location.url = strip(copy.characters[index].location.url)
            copy.characters[index].episode = copy.characters[index].episode.map(strip)
        }
        for index in copy.locations.indices {
            copy.locations[index].url = strip(copy.locations[index].url)
            copy.locations[index].residents = copy.locations[index].residents.map(strip)
        }
        for index in copy.episodes.indices {
            copy.episodes[index].url = strip(copy.episodes[index].url)
            copy.episodes[index].characters = copy.episodes[index].characters.map(strip)
        }
        return copy
    }
}
