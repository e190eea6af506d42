/// What a publish changed (or, for a dry run, would change). Every list is sorted by path.
public struct PublishSummary: Sendable, Equatable {
    public var added: [String]
    public var updated: [String]
    public var removed: [String]
    public var unchanged: [String]

    public init(added: [String] = [], updated: [String] = [], removed: [String] = [], unchanged: [String] = []) {
        self.added = added
        self.updated = updated
        self.removed = removed
        self.unchanged = unchanged
    }

    public var hasChanges: Bool {
        !added.isEmpty || !updated.isEmpty || !removed.isEmpty
    }

    /// "12 added, 3 updated, 1 removed, 1040 unchanged"; the CLI appends the time taken.
    public var line: String {
        "\(added.count) added, \(updated.count) updated, \(removed.count) removed, \(unchanged.count) unchanged"
    }

    /// One line per changed path ("+ a", "~ b", "- c"), sorted by path, for `--dry-run` listings.
    public var changeListing: [String] {
        let marked = added.map { ($0, "+") } + updated.map { ($0, "~") } + removed.map { ($0, "-") }
        return marked.sorted { $0.0 < $1.0 }.map { "\($0.1) \($0.0)" }
    }
}
