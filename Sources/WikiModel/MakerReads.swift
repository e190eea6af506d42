import Primitives
import RickAndMortyAPI
import Synchronization

/// The texts and "Mentioned in" lists of the content a page maker read, and the records, cards and relations, noted
/// while it runs: the build keeps them with each maker's pages, so that an edit to one text or record builds again only
/// the pages that read it (see `ResolvedContent.readDigests`, `SiteModel.readDigests`). Noted where the content and
/// the records are read, not declared per page family, so no page can read one without it being noted.
package final class MakerReads: Sendable {
    /// The recorder of the maker this task runs, if any.
    @TaskLocal package static var current: MakerReads?

    private let names = Mutex<Set<String>>([])
    private let readAllRecords = Atomic<Bool>(false)

    package init() {}

    static func note(_ name: @autoclosure () -> String) {
        guard let current else { return }
        let name = name()
        current.names.withLock { _ = $0.insert(name) }
    }

    /// Every record read: the maker's reads of one record, card or relation say nothing more, and are no longer noted
    /// (an index notes every card it shows, some 800).
    static func noteAllRecords() {
        guard let current, !current.readAllRecords.exchange(true, ordering: .relaxed) else { return }
        current.names.withLock { _ = $0.insert(allRecords) }
    }

    /// A read of one language's record, card or relation (a name marked with `languageMark`).
    static func noteRecordPart(_ name: @autoclosure () -> String) {
        guard let current, !current.readAllRecords.load(ordering: .relaxed) else { return }
        let name = name()
        current.names.withLock { _ = $0.insert(name) }
    }

    /// The names of what was read (`text article:portal-guns`, `mentions character:1`), as `readDigests` names them.
    package var read: Set<String> {
        let names = names.withLock { $0 }
        return readAllRecords.load(ordering: .relaxed) ? names.filter { $0.first != Self.languageMark } : names
    }

    /// What every page may read besides the texts and mention lists noted: which texts exist in which languages, their
    /// titles (a record's name, a link's words, the search index), the pictures and their sizes.
    package static let shape = "shape"

    /// Every record and relation, the history and what is made of them all (the search index, the statistics, the
    /// groups' members): its digest is the data's and the local records'.
    package static let allRecords = "records"

    /// What one language's model reads of one record: its fields and relations (`@en record character:1`), its card
    /// (`@en card character:1`), and which groups have pages (`@en groups`). Digested per language by
    /// `SiteModel.readDigests`; the mark tells them from the names digested before any model is made.
    static func record(_ target: ResolvedContent.Target, language: String) -> String { marked(language) + "record " + target.name }
    static func card(_ target: ResolvedContent.Target, language: String) -> String { marked(language) + "card " + target.name }
    static func groups(language: String) -> String { marked(language) + "groups" }
    /// A group's members (`@en group species/human`, `@en group dimension/c-137`, `@en group season/1`).
    static func group(_ name: String, language: String) -> String { marked(language) + "group " + name }
    /// A page of the characters index in an order (its characters and their count), the A–Z bar, the places strip and
    /// the random character every characters page shows.
    static func orderPage(_ order: CharacterOrder, page: Int, language: String) -> String {
        marked(language) + "order \(order.rawValue) page \(page)"
    }
    static func orderLetters(language: String) -> String { marked(language) + "order letters" }
    static func places(language: String) -> String { marked(language) + "places" }
    static func random(language: String) -> String { marked(language) + "random" }
    /// What an index of every group, record or figure reads instead of them all, so that a record renamed or edited
    /// runs it only when it shows the change: how many records of each kind there are (`@en counts`); which records of
    /// a kind there are, in the API's order (`@en list location`: each one's record and card are noted besides); the
    /// characters the home page features (`@en featured`); the statistics made of them all (`@en statistics`); the
    /// species search filters by (`@en species`); `random/`'s character of the day (`@en day character`).
    static func counts(language: String) -> String { marked(language) + "counts" }
    static func list(_ kind: ResourceKind, language: String) -> String { marked(language) + "list " + kind.rawValue }
    static func featured(language: String) -> String { marked(language) + "featured" }
    static func statistics(language: String) -> String { marked(language) + "statistics" }
    static func species(language: String) -> String { marked(language) + "species" }
    static func dayCharacter(language: String) -> String { marked(language) + "day character" }
    /// What's new's timeline: which groups there are, in order (`@en timeline`), and what the timeline shows of each
    /// (`@en group summary whats-new/added-2017-11-04`: its date, its counts, its first entries).
    static func timeline(language: String) -> String { marked(language) + "timeline" }
    static func groupSummary(_ name: String, language: String) -> String { marked(language) + "group summary " + name }
    /// The statuses and genders search filters by (a character's page links to them).
    static func searchFilters(language: String) -> String { marked(language) + "search filters" }
    /// Whether a character bears the name: a location's title asks of its own.
    static func characterName(_ name: String, language: String) -> String { marked(language) + "character named " + name }
    package static let languageMark: Character = "@"
    /// What every name of a language's reads begins with: `@en `.
    package static func marked(_ language: String) -> String { String(languageMark) + language + " " }

    static func text(_ key: SiteContent.Key) -> String { "text " + key.name }
    static func heading(_ key: SiteContent.Key) -> String { "heading " + key.name }
    static func mentions(_ target: ResolvedContent.Target) -> String { "mentions " + target.name }
}

extension SiteContent.Key {
    /// `article:portal-guns`, `character:1`, `home`.
    var name: String {
        switch self {
        case .home: "home"
        case .article(let slug): "article:" + slug
        case .character(let id): "character:\(id)"
        case .location(let id): "location:\(id)"
        case .episode(let id): "episode:\(id)"
        }
    }
}

extension ResolvedContent.Target {
    var name: String {
        switch self {
        case .article(let slug): "article:" + slug
        case .character(let id): "character:\(id)"
        case .location(let id): "location:\(id)"
        case .episode(let id): "episode:\(id)"
        }
    }
}

extension ResolvedContent {
    /// A digest of everything a page can read of the content, by the name `MakerReads` notes it under: each text
    /// (every language of it, front matter and body), each mention list, and the `shape` read by every page. A page
    /// whose noted reads have the same digests as in the last build, over the same records and base, shows the same.
    package func readDigests() -> [String: String] {
        var digests: [String: String] = [:]
        var shape = Digest()
        for (key, languages) in texts.sorted(by: { $0.key < $1.key }) {
            var text = Digest()
            // What `heading` gives: whether the body is blank decides which language's text a record's page takes.
            var heading = Digest()
            shape.add(key.name)
            for (language, found) in languages.sorted(by: { $0.key < $1.key }) {
                let document = found.document
                shape.add(language)
                shape.add(document.title)
                for part in [language, document.title, document.summary, document.date, document.body] { text.add(part) }
                for part in [language, document.title, document.summary, document.date] { heading.add(part) }
                heading.add(document.body.allSatisfy(\.isWhitespace) ? "blank" : "written")
                for target in Set(found.links.values.map(\.target)).map(\.name).sorted() { heading.add(target) }
            }
            digests[MakerReads.text(key)] = text.hex
            digests[MakerReads.heading(key)] = heading.hex
        }
        for (path, source) in images.sorted(by: { $0.key < $1.key }) {
            shape.add(path)
            shape.add(source)
            shape.add(imageSizes[path].map { "\($0.width)x\($0.height)" })
        }
        digests[MakerReads.shape] = shape.hex
        for (target, keys) in mentions {
            var digest = Digest()
            for key in keys { digest.add(key.name) }
            digests[MakerReads.mentions(target)] = digest.hex
        }
        return digests
    }

    private struct Digest {
        var fnv = FNV1a()

        /// Each part ends with a byte no text has, and an absent one differs from an empty one.
        mutating func add(_ text: String?) {
            if let text { fnv.addWords(Array(text.utf8)) }
            fnv.add(CollectionOfOne<UInt8>(text == nil ? 0xfe : 0xff))
        }

        var hex: String { fnv.hex }
    }
}
