import Primitives
import RickAndMortyAPI

/// Finds the wiki links of a text (`[[Birdperson]]`, `[[Birdperson|Bird-Person]]`, `[[S03E03]]`,
/// `[[character:47]]`, `[[article:slug]]`) and says which page each leads to. Links inside code (fenced blocks,
/// backtick spans) are text. A link to nothing, or to a name several records share, is an error at its line
/// and column: a wiki never publishes a link that goes nowhere, or to the wrong Rick.
struct WikiLinkResolver: Sendable {
    private var byName: [String: [ResolvedContent.Target]] = [:]
    private var byFoldedName: [String: [ResolvedContent.Target]] = [:]
    private var byCode: [String: Int] = [:]
    private let articles: Set<String>
    private let dataset: Dataset

    init(dataset: Dataset, content: SiteContent) {
        self.dataset = dataset
        var articles = Set<String>()
        var titles: [(String, ResolvedContent.Target)] = []
        for (key, languages) in content.texts {
            guard case .article(let slug) = key else { continue }
            articles.insert(slug)
            for title in Set(languages.values.compactMap(\.title)) { titles.append((title, .article(slug))) }
        }
        self.articles = articles
        let named: [(String, ResolvedContent.Target)] = dataset.characters.map { ($0.name, .character($0.id)) }
            + dataset.locations.map { ($0.name, .location($0.id)) }
            + dataset.episodes.map { ($0.name, .episode($0.id)) } + titles.sorted { $0.0 < $1.0 }
        for (name, target) in named {
            let key = name.trimmed
            guard !key.isEmpty else { continue }
            byName[key, default: []].append(target)
            byFoldedName[key.lowercased(), default: []].append(target)
        }
        for episode in dataset.episodes { byCode[episode.episode.uppercased()] = byCode[episode.episode.uppercased()] ?? episode.id }
    }

    /// The text's segments; each link that leads nowhere, or to several records, is added to `errors` and kept as
    /// text, so the rest of the text is still checked.
    func segments(of document: ContentDocument, errors: inout [ContentError]) -> [ResolvedContent.Segment] {
        var segments: [ResolvedContent.Segment] = []
        var text = ""
        var fence: (character: Character, length: Int)?
        let lines = ContentDocument.lines(of: document.body[...])
        for (index, line) in lines.enumerated() {
            if index > 0 { text += "\n" }
            let opener = Self.fence(line)
            if let open = fence {
                if let opener, opener.character == open.character, opener.length >= open.length { fence = nil }
                text += line
                continue
            }
            if let opener {
                fence = opener
                text += line
                continue
            }
            var rest = line[...]
            var column = 1
            while let start = rest.firstIndex(where: { $0 == "[" || $0 == "`" }) {
                text += rest[..<start]
                column += rest.distance(from: rest.startIndex, to: start)
                rest = rest[start...]
                if rest.first == "`" {
                    // A code span: its backticks close it, or the run stays text.
                    let run = rest.prefix { $0 == "`" }
                    let after = rest[run.endIndex...]
                    let closing = after.range(of: String(run))
                    let end = closing?.upperBound ?? run.endIndex
                    text += rest[..<end]
                    column += rest.distance(from: rest.startIndex, to: end)
                    rest = rest[end...]
                    continue
                }
                // A link holds no bracket, so the scan stops at the first one: linear however many `[[` a line has.
                let innerStart = rest.index(rest.startIndex, offsetBy: 2, limitedBy: rest.endIndex) ?? rest.endIndex
                let bracket = rest.hasPrefix("[[") ? rest[innerStart...].firstIndex { $0 == "[" || $0 == "]" } : nil
                guard let bracket, rest[bracket...].hasPrefix("]]") else {
                    text += "["
                    column += 1
                    rest = rest.dropFirst()
                    continue
                }
                let close = bracket..<rest.index(bracket, offsetBy: 2)
                let inner = rest[innerStart..<bracket]
                if inner.trimmed.isEmpty {
                    text += "["
                    column += 1
                    rest = rest.dropFirst()
                    continue
                }
                let position = (document.bodyLine + index, column)
                if !text.isEmpty { segments.append(.text(text)) }
                text = ""
                do {
                    // Past the errors a build shows, no time is spent finding names to suggest.
                    segments.append(try link(inner, file: document.file, at: position, suggest: errors.count < ContentErrors.shown))
                } catch {
                    errors.append(error)
                    segments.append(.text(String(rest[..<close.upperBound])))
                }
                column += rest.distance(from: rest.startIndex, to: close.upperBound)
                rest = rest[close.upperBound...]
            }
            text += rest
        }
        if !text.isEmpty { segments.append(.text(text)) }
        return segments
    }

    /// A fence line (three or more backticks or tildes after at most three spaces): its character and length.
    private static func fence(_ line: Substring) -> (character: Character, length: Int)? {
        let indent = line.prefix { $0 == " " }
        guard indent.count <= 3, let mark = line.dropFirst(indent.count).first, mark == "`" || mark == "~" else { return nil }
        let run = line.dropFirst(indent.count).prefix { $0 == mark }
        return run.count >= 3 ? (mark, run.count) : nil
    }

    private func link(
        _ inner: Substring, file: String, at position: (Int, Int), suggest: Bool
    ) throws(ContentError) -> ResolvedContent.Segment {
        let parts = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let target = parts[0].trimmed
        let label = parts.count > 1 ? parts[1].trimmed : nil
        func fail(_ message: String) -> ContentError {
            ContentError(file: file, line: position.0, column: position.1, message: message)
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
                return .link(found, label: label)
            case "article":
                guard articles.contains(value) else {
                    throw fail("[[\(target)]] links to nothing: there is no articles/\(value).md")
                }
                return .link(.article(value), label: label)
            default:
                break
            }
        }
        if let id = byCode[target.uppercased()], Self.isEpisodeCode(target) {
            return .link(.episode(id), label: label ?? target)
        }
        let candidates = byName[target] ?? byFoldedName[target.lowercased()] ?? []
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
        return .link(only, label: label ?? target)
    }

    /// The names closest to a link that matches none, by edit distance over lower-case letters: a typo's
    /// (`Bird Wrold`), at most a third of the name away. Names much longer or shorter are not measured.
    private func nearestNames(to target: String, count: Int = 3) -> [String] {
        let wanted = Array(target.lowercased())
        let limit = max(1, wanted.count / 3)
        var found: [(distance: Int, name: String)] = []
        for name in byName.keys where abs(name.count - wanted.count) <= limit {
            let distance = EditDistance.between(wanted, Array(name.lowercased()), limit: limit)
            if distance <= limit { found.append((distance, name)) }
        }
        return found.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(count).map(\.name)
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
