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
