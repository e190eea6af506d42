import Foundation

/// The records each refresh found added, changed or removed, newest first, kept with the cache
/// (`history.json`) so the "What's new" page and the feed survive rebuilds that find nothing new.
/// A first snapshot is not a change (everything would be "new"), so it records nothing: the site dates
/// first additions by the records' own `created` instead.
///
/// It keeps every change of the newest `buildLimit` refreshes that found any, however many records each
/// touched: a bound on records would let one large refresh (a years-old cache meeting today's API) push
/// most of its own changes out.
package struct ChangeHistory: Codable, Sendable, Equatable {
    static let buildLimit = 50
    static let fileName = "history.json"

    package struct Entry: Codable, Sendable, Equatable {
        package enum Change: String, Codable, Sendable, CaseIterable { case added, changed, removed }

        /// When the refresh that found it ran, ISO 8601 in UTC to the second (`2026-11-22T03:30:00Z`).
        var date: String
        package var kind: ResourceKind
        package var id: Int
        package var name: String
        package var change: Change

        package init(date: String, kind: ResourceKind, id: Int, name: String, change: Change) {
            self.date = date
            self.kind = kind
            self.id = id
            self.name = name
            self.change = change
        }
    }

    /// What one refresh found, all dated alike.
    package struct Build: Sendable, Equatable {
        package var date: String
        package var entries: [Entry]
    }

    package private(set) var entries: [Entry]

    package init(entries: [Entry] = []) {
        self.entries = Self.newestBuilds(entries)
    }

    /// The entries by refresh, newest first, each refresh's entries in the order they were recorded.
    package var builds: [Build] {
        var builds: [Build] = []
        var index: [String: Int] = [:]
        for entry in entries {
            if let position = index[entry.date] {
                builds[position].entries.append(entry)
            } else {
                index[entry.date] = builds.count
                builds.append(Build(date: entry.date, entries: [entry]))
            }
        }
        return builds
    }

    /// The entries of the newest `buildLimit` refreshes (a history written by an older version kept 100 entries).
    static func newestBuilds(_ entries: [Entry]) -> [Entry] {
        var dates: Set<String> = []
        return entries.filter { entry in
            if dates.count < buildLimit { dates.insert(entry.date) }
            return dates.contains(entry.date)
        }
    }

    /// Puts what `changes` added, changed or removed in front, dated `date`, and keeps the newest `buildLimit`
    /// refreshes. A removed record is named as `previous` had it: the new snapshot no longer knows it.
    mutating func record(_ changes: SnapshotChanges, in snapshot: Snapshot, previous: Snapshot?, at date: Date) {
        guard !changes.isFirstSnapshot, !changes.isEmpty else { return }
        var stamp = Self.timestamp(date)
        // Entries are grouped into refreshes by their stamp: a refresh in the same second as the last (or after a
        // clock stepped back) is dated a second after it, so it stays a refresh of its own.
        if let newest = entries.first?.date, stamp <= newest, let last = Self.date(newest) {
            stamp = Self.timestamp(last.addingTimeInterval(1))
        }
        let names = Self.names(in: snapshot)
        let previousNames = previous.map(Self.names) ?? [:]
        var fresh: [Entry] = []
        for resource in changes.all {
            for (ids, change) in [(resource.added, Entry.Change.added), (resource.changed, .changed), (resource.removed, .removed)] {
                let source = change == .removed ? previousNames : names
                for id in ids {
                    fresh.append(Entry(date: stamp, kind: resource.kind, id: id,
                                       name: source[resource.kind]?[id] ?? "#\(id)", change: change))
                }
            }
        }
        entries = Self.newestBuilds(fresh + entries)
    }

    private static func names(in snapshot: Snapshot) -> [ResourceKind: [Int: String]] {
        [.character: Dictionary(snapshot.characters.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }),
         .location: Dictionary(snapshot.locations.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }),
         .episode: Dictionary(snapshot.episodes.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })]
    }

    static func timestamp(_ date: Date) -> String {
        formatter.string(from: date)
    }

    private static func date(_ stamp: String) -> Date? {
        formatter.date(from: stamp)
    }

    private static var formatter: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }

    /// The history kept in `cache`, or an empty one when there is none yet.
    static func load(from cache: DataCache) throws -> ChangeHistory {
        try load(from: cache.current)
    }

    static func load(from generation: CacheGeneration) throws -> ChangeHistory {
        try decode(try readFile(of: generation), of: generation)
    }

    /// The bytes of the generation's history file; nil when there is none yet.
    static func readFile(of generation: CacheGeneration) throws -> Data? {
        do {
            return try CacheGeneration.readIfPresent(generation.historyFile)
        } catch {
            throw damaged(generation)
        }
    }

    /// The history in `bytes` read from the generation's history file (none: an empty history).
    static func decode(_ bytes: Data?, of generation: CacheGeneration) throws -> ChangeHistory {
        guard let bytes else { return ChangeHistory() }
        do {
            return try JSONDecoder().decode(ChangeHistory.self, from: bytes)
        } catch {
            throw damaged(generation)
        }
    }

    private static func damaged(_ generation: CacheGeneration) -> DataCacheError {
        .unreadable(path: generation.historyFile.path, detail: "the change history is damaged")
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            return try encoder.encode(self)
        } catch {
            throw DataCacheError.writeFailed(path: "(encoding)", detail: error.localizedDescription)
        }
    }
}
