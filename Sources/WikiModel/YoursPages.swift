import Foundation
import RickAndMortyAPI

/// "Your wiki" (`yours/`): a fan's favourites and the episodes they have seen, which live in their browser and
/// nowhere else. The page is a shell: `Public/assets/yours.js` fills the list from this language's search index
/// at run time, so no page lists every record of another kind and a favourite shows its current name and face.
struct YoursPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.yours

    /// Where a record's page lives, with `{id}` in place of its id.
    let characterURL: String
    let locationURL: String
    let episodeURL: String
}

/// What "Welcome back!" needs to say what changed since this device's last visit (`whats-new/recent.json`):
/// the newest rebuilds with their counts, and the words to say them with. A few KB whatever the data's size.
struct RecentChanges: Encodable, Sendable {
    struct Group: Encodable, Sendable {
        /// The rebuild's timestamp (ISO 8601, UTC): the script compares it with the one it stored at the last visit.
        let updated: String
        let url: String
        /// How many records each label counts, in `labels`' order.
        let counts: [Int]
    }

    let whatsNew: String
    /// `whatsnew_count_<change>_<kind>` of the page's table ("New characters: {count}"), changes by kinds.
    let labels: [String]
    let groups: [Group]

    /// The rebuilds listed: a device away for longer is told about these and sent to What's new.
    static let groupLimit = 30
    static let changes = ChangeHistory.Entry.Change.allCases
    static let kinds = ResourceKind.allCases
}

extension SiteModel {
    func yoursPage() throws -> SitePage {
        // The record's number is the last "/0/" of its link: a base path may hold one too ("/0/characters/0/").
        func pattern(_ route: Route) -> String {
            let link = link(route)
            guard let last = link.range(of: "/0/", options: .backwards) else { return link }
            return link.replacingCharacters(in: last, with: "/{id}/")
        }
        return try page(
            .yours, title: try strings("yours_title"), description: try strings("yours_description"),
            content: YoursPage(
                characterURL: pattern(.character(0)), locationURL: pattern(.location(0)), episodeURL: pattern(.episode(0))))
    }

    /// The newest rebuilds of the timeline (only rebuilds: a day's additions by the API are also in the rebuild
    /// that found them), as the welcome-back line counts them.
    func recentChanges() throws -> RecentChanges {
        let labels = try RecentChanges.changes.flatMap { change throws in
            try RecentChanges.kinds.map { kind throws in try strings("whatsnew_count_\(change.rawValue)_\(kind.rawValue)") }
        }
        let groups = changeGroups.filter { $0.source == .rebuild }.prefix(RecentChanges.groupLimit).map { group in
            var counts = Array(repeating: 0, count: labels.count)
            for entry in group.entries {
                guard let change = RecentChanges.changes.firstIndex(of: entry.change),
                      let kind = RecentChanges.kinds.firstIndex(of: entry.kind) else { continue }
                counts[change * RecentChanges.kinds.count + kind] += 1
            }
            return RecentChanges.Group(updated: group.updated, url: link(.whatsNewGroup(group.slug, page: 1)), counts: counts)
        }
        return RecentChanges(whatsNew: link(.whatsNew(page: 1)), labels: labels, groups: Array(groups))
    }

    /// `recentChanges()` as the file the build writes, keys sorted so that the same history gives the same bytes.
    package func recentChangesJSON() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(try recentChanges())) + [0x0A]
    }

    /// Where `recentChangesJSON()` is written, under a language's folder.
    package static let recentChangesPath = "whats-new/recent.json"
}
