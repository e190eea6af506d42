import Mustache
import Primitives

/// The offline page: shown by the service worker in place of a page it does not have (in the page's
/// language), and the place to save the whole language for offline reading. Its script fills in what the
/// device holds; the page itself only carries the words and the addresses the script needs.
struct OfflinePage: PageModel, Encodable, Equatable {
    static let kind = PageKind.offline

    let homeURL: String
    /// The list of every page of this language and every picture, with sizes (written beside the page).
    let filesURL: String
    /// The sections and group indexes, offered when nothing else is at hand.
    let links: [RecordLink]
}

/// "Random character": a link to `random/`, whose script picks any character. Without a script, `random/` sends
/// the reader on to the character of the day, chosen from the date the build is dated by: the link, on every
/// characters page, stays the same from one build to the next, and only `random/` changes with the day.
struct RandomCharacter: Encodable, Sendable, Equatable {
    let url: String
    /// Every character id as ranges (`1-826` or `1-3,5-9`), for the script; a few bytes whatever the count.
    let ids: String
    /// Where a character page lives, with `{id}` in place of the id.
    let pattern: String
}

/// `random/`: today's character, which a reader without a script is sent on to.
struct RandomPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.random

    let name: String
    let url: String
    let random: RandomCharacter
}

extension SiteModel {
    /// `ids`: every character's, sorted.
    func makeRandomCharacter(ids: [Int]) -> RandomCharacter? {
        guard !ids.isEmpty else { return nil }
        var ranges: [String] = []
        var start = ids[0], end = ids[0]
        for id in ids.dropFirst() {
            if id == end + 1 { end = id; continue }
            ranges.append(start == end ? "\(start)" : "\(start)-\(end)")
            start = id
            end = id
        }
        ranges.append(start == end ? "\(start)" : "\(start)-\(end)")
        return RandomCharacter(
            url: link(.random), ids: ranges.joined(separator: ","),
            pattern: link(.character(0)).replacingOccurrences(of: "/0/", with: "/{id}/"))
    }

    /// The character of the day (see `characterOfTheDay`); the page reads the ids `random` offers the script.
    func randomPage() throws -> SitePage? {
        guard let random = randomRead, let chosen = characterOfTheDay() else { return nil }
        let card = try card(chosen)
        let name = card.note.map { "\(card.name) · \($0)" } ?? card.name
        return try page(
            .random, title: try strings("random_character"),
            description: try strings.format("random_description", ["name": name]),
            content: RandomPage(name: name, url: link(.character(chosen.id)), random: random))
    }

    func offlinePage() throws -> SitePage {
        let sections = try self.sections.map { section throws in
            RecordLink(name: try strings("nav_\(section.rawValue)"), url: link(section.route))
        }
        return try page(
            .offline, title: try strings("offline_title"), description: try strings("offline_description"),
            content: OfflinePage(
                homeURL: link(.home), filesURL: link(Self.offlineFilesPath), links: sections + (try groupIndexLinks())))
    }

    /// The list the service worker saves a language from, beside the offline page.
    package static let offlineFilesPath = "offline/files.json"

    private func link(_ relativePath: String) -> String { configuration.link(relativePath) }
}

extension RandomCharacter: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object(["url": .string(url), "ids": .string(ids), "pattern": .string(pattern)])
    }
}
