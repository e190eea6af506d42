import Markdown
import Primitives
import RickAndMortyAPI

/// Finds the wiki links of a text (`[[Birdperson]]`, `[[Birdperson|Bird-Person]]`, `[[S03E03]]`,
/// `[[character:47]]`, `[[article:slug]]`) and says which page each leads to. The Markdown parser finds them
/// (`MarkdownOptions.wikiLinks`), so `[[…]]` in code, raw HTML or a link's destination is what CommonMark says it is. A link to nothing, or to a name several records share, is an error at its line
/// and column: a wiki never publishes a link that goes nowhere, or to the wrong Rick.
struct WikiLinkResolver: Sendable {
    /// The records' names (kept with the dataset), then the texts' titles: a name's targets are the records' first.
    private let records: RecordNames
    private var titles = RecordNames()
    private let articles: Set<String>
    private let dataset: Dataset

    init(dataset: Dataset, content: SiteContent) {
        self.dataset = dataset
        var articles = Set<String>()
        var titles: [(String, ResolvedContent.Target)] = []
        for (key, languages) in content.texts {
            switch key {
            case .article(let slug):
                articles.insert(slug)
                for title in Set(languages.values.compactMap(\.title)) { titles.append((title, .article(slug))) }
            case .home: continue
            case .character, .location, .episode:
                // A record is linked by its name in any language (`[[Pilote]]` as well as `[[Pilot]]`).
                guard let record = ResolvedContent.Target(record: key), let own = dataset.name(of: record)?.trimmed else { continue }
                for title in Set(languages.values.compactMap(\.title)) where title.trimmed != own {
                    titles.append((title, record))
                }
            }
        }
        self.articles = articles
        records = dataset.recordNames
        self.titles.add(titles.sorted { $0.0 < $1.0 })
    }

    /// The page each wiki link of a parsed text leads to, by its node; each link that leads nowhere, or to several
    /// records, is added to `errors` at its own line and column, so the rest of the text is still checked. Links in
    /// code, raw HTML or a destination are no nodes: the parser read them as what they are.
    func links(
        in markdown: MarkdownDocument, of document: ContentDocument, errors: inout [ContentError]
    ) -> [MarkdownNode: ResolvedContent.Link] {
        var links: [MarkdownNode: ResolvedContent.Link] = [:]
        var lines: [Substring]? = nil
        for node in markdown.descendants() where markdown.kind(node) == .wikiLink {
            let label = markdown.wikiLinkLabel(node).map(\.trimmed)
            do {
                // Past the errors a build shows, no time is spent finding names to suggest.
                links[node] = try link(
                    markdown.literal(node).trimmed, label: label, file: document.file,
                    at: { Self.position(of: node, in: markdown, document: document, lines: &lines) },
                    suggest: errors.count < ContentErrors.shown)
            } catch {
                errors.append(error)
            }
        }
        return links
    }

    /// A node's line in the file and its column in characters (the parser counts bytes), for an error.
    static func position(
        of node: MarkdownNode, in markdown: MarkdownDocument, document: ContentDocument, lines: inout [Substring]?
    ) -> (Int, Int) {
        let position = markdown.position(node)
        let bodyLines = lines ?? ContentDocument.lines(of: document.body[...])
        lines = bodyLines
        guard position.line >= 1, position.line <= bodyLines.count else { return (document.bodyLine + position.line - 1, position.column) }
        let line = bodyLines[position.line - 1]
        let end = line.utf8.index(line.startIndex, offsetBy: position.column - 1, limitedBy: line.endIndex) ?? line.endIndex
        return (document.bodyLine + position.line - 1, line[..<end].count + 1)
    }

    private func link(
        _ target: String, label: String?, file: String, at position: () -> (Int, Int), suggest: Bool
    ) throws(ContentError) -> ResolvedContent.Link {
        func fail(_ message: String) -> ContentError {
            let (line, column) = position()
            return ContentError(file: file, line: line, column: column, message: message)
        }
        if let colon = target.firstIndex(of: ":") {
            let kind = target[..<colon].trimmed.lowercased()
            let value = target[target.index(after: colon)...].trimmed
            let id = Int(value)
            switch kind {
            case "character", "location", "episode":
                guard let id else { throw fail("[[\(target)]]: '\(value)' is not a \(kind) id") }
                let found: ResolvedContent.Target? = switch kind {
                case "character": dataset.character(id).map { .character($0.id) }
                case "location": dataset.location(id).map { .location($0.id) }
                default: dataset.episode(id).map { .episode($0.id) }
                }
                guard let found else { throw fail("[[\(target)]] links to nothing: there is no \(kind) \(id)") }
                return .init(target: found, label: label)
            case "article":
                guard articles.contains(value) else {
                    throw fail("[[\(target)]] links to nothing: there is no articles/\(value).md")
                }
                return .init(target: .article(value), label: label)
            default:
                break
            }
        }
        if let id = records.byCode[target.uppercased()], Self.isEpisodeCode(target) {
            return .init(target: .episode(id), label: label ?? target)
        }
        let named = (records.byName[target] ?? []) + (titles.byName[target] ?? [])
        let folded = named.isEmpty ? (records.byFoldedName[target.lowercased()] ?? []) + (titles.byFoldedName[target.lowercased()] ?? []) : []
        let candidates = named.isEmpty ? folded : named
        guard let only = candidates.first else {
            let near = suggest ? nearestNames(to: target) : []
            throw fail("[[\(target)]] links to nothing: no character, location, episode or article is called so"
                + (near.isEmpty ? "" : "; did you mean " + near.map { "[[\($0)]]" }.joined(separator: " or ") + "?"))
        }
        guard candidates.count == 1 else {
            let list = candidates.map(describe).joined(separator: "; ")
            throw fail("[[\(target)]] is ambiguous: \(candidates.count) records are called so (\(list)); "
                + "link the one you mean by its id, as [[\(Self.reference(only))|\(label ?? target)]]")
        }
        // Written exactly as a record's name, the words follow the page's language.
        let isRecordName = label == nil && !named.isEmpty && { if case .article = only { false } else { true } }()
        return .init(target: only, label: label ?? target, isRecordName: isRecordName)
    }

    /// The names closest to a link that matches none, by edit distance over lower-case letters: a typo's
    /// (`Bird Wrold`), at most a third of the name away. Names much longer or shorter are not measured.
    private func nearestNames(to target: String, count: Int = 3) -> [String] {
        let wanted = Array(target.lowercased())
        let limit = max(1, wanted.count / 3)
        var found: [(distance: Int, name: String)] = []
        for name in Set(records.byName.keys).union(titles.byName.keys) where abs(name.count - wanted.count) <= limit {
            let distance = EditDistance.between(wanted, Array(name.lowercased()), limit: limit)
            if distance <= limit { found.append((distance, name)) }
        }
        return found.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(count).map(\.name)
    }

    /// The records' names as wiki links find them: each name as written and folded, and each episode's code. Made once
    /// per dataset (`Dataset.recordNames`), not by every build's links step: `serve` keeps the dataset, and folding some
    /// 10,000 names at ten times the data was a fifth of a preview's rebuild.
    struct RecordNames: Sendable {
        fileprivate(set) var byName: [String: [ResolvedContent.Target]] = [:]
        fileprivate(set) var byFoldedName: [String: [ResolvedContent.Target]] = [:]
        fileprivate(set) var byCode: [String: Int] = [:]

        init() {}

        init(_ dataset: Dataset) {
            add(dataset.characters.map { ($0.name, .character($0.id)) } + dataset.locations.map { ($0.name, .location($0.id)) }
                + dataset.episodes.map { ($0.name, .episode($0.id)) })
            for episode in dataset.episodes { byCode[episode.episode.uppercased()] = byCode[episode.episode.uppercased()] ?? episode.id }
        }

        fileprivate mutating func add(_ named: [(String, ResolvedContent.Target)]) {
            for (name, target) in named {
                let key = name.trimmed
                guard !key.isEmpty else { continue }
                byName[key, default: []].append(target)
                byFoldedName[key.lowercased(), default: []].append(target)
            }
        }
    }

    private static func isEpisodeCode(_ text: String) -> Bool {
        let upper = Array(text.uppercased())
        guard let e = upper.firstIndex(of: "E"), upper.first == "S", e > 1, e < upper.count - 1 else { return false }
        return upper[1..<e].allSatisfy(\.isASCII) && upper[1..<e].allSatisfy(\.isNumber)
            && upper[(e + 1)...].allSatisfy(\.isASCII) && upper[(e + 1)...].allSatisfy(\.isNumber)
    }

    /// "character:47": how a link names the target by its id.
    private static func reference(_ target: ResolvedContent.Target) -> String {
        switch target {
        case .character(let id): "character:\(id)"
        case .location(let id): "location:\(id)"
        case .episode(let id): "episode:\(id)"
        case .article(let slug): "article:\(slug)"
        }
    }

    /// "character:47 (Bird-Person, from Bird World, first seen S01E11)": what tells namesakes apart.
    private func describe(_ target: ResolvedContent.Target) -> String {
        switch target {
        case .character(let id):
            guard let character = dataset.character(id) else { return Self.reference(target) }
            let first = dataset.episodeIDs(ofCharacter: id).first.flatMap(dataset.episode)?.episode
            let notes = [
                character.type.trimmed.isEmpty ? nil : character.type.trimmed,
                character.species.trimmed.isEmpty ? nil : character.species.trimmed,
                character.origin.name.isUnknownValue ? nil : "from " + character.origin.name,
                first.map { "first seen \($0)" },
            ].compactMap { $0 }
            return Self.reference(target) + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
        case .location(let id):
            let location = dataset.location(id)
            return Self.reference(target) + (location.map { " (\($0.type), \($0.dimension))" } ?? "")
        case .episode(let id):
            return Self.reference(target) + (dataset.episode(id).map { " (\($0.episode))" } ?? "")
        case .article:
            return Self.reference(target)
        }
    }
}
