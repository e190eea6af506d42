import Markdown
import Pictures
import RickAndMortyAPI

/// What the content folder holds, as read: texts by what they are about and by language, and the pictures prose
/// may show. No I/O here (`ContentFolder` in WikiBuild reads the folder).
package struct SiteContent: Sendable, Equatable {
    package enum Key: Hashable, Sendable, Comparable {
        case home
        case article(String)
        case character(Int)
        case location(Int)
        case episode(Int)
    }

    /// Each text in each language it is written in, by language code (`NAME.md` is the site's first language).
    package var texts: [Key: [String: ContentDocument]]
    /// Pictures prose may show: the path under `images/` → the file to copy.
    package var images: [String: String]
    /// Each picture's size, as its header gives it (none for an AVIF or a header that cannot be read).
    package var imageSizes: [String: PictureSize]

    package init(
        texts: [Key: [String: ContentDocument]] = [:], images: [String: String] = [:], imageSizes: [String: PictureSize] = [:]
    ) {
        self.texts = texts
        self.images = images
        self.imageSizes = imageSizes
    }

    var isEmpty: Bool { texts.isEmpty && images.isEmpty }

    /// Where the content folder's pictures are published: `images/content/<path>`.
    package static func imagePath(_ path: String) -> String { "images/content/" + path }
}

/// The content with every wiki link resolved to a page and every picture checked: made once per build, before
/// anything is rendered, so a broken link or an outside picture fails the build with nothing published.
package struct ResolvedContent: Sendable {
    /// A page a wiki link leads to.
    enum Target: Hashable, Sendable {
        case character(Int), location(Int), episode(Int), article(String)

        /// The record a content file is about; nil for an article or the home page.
        init?(record key: SiteContent.Key) {
            switch key {
            case .character(let id): self = .character(id)
            case .location(let id): self = .location(id)
            case .episode(let id): self = .episode(id)
            case .home, .article: return nil
            }
        }

        var route: Route {
            switch self {
            case .character(let id): .character(id)
            case .location(let id): .location(id)
            case .episode(let id): .episode(id)
            case .article(let slug): .article(slug)
            }
        }
    }

    /// Where a wiki link leads, and its words: nil for the target's own name, in the page's language.
    struct Link: Sendable, Hashable {
        let target: Target
        let label: String?
        /// The words are a record's name as written in one language (`[[Pilot]]`): a page shows its own
        /// language's name instead, so a French page never shows the English title a link was written with.
        var isRecordName = false
    }

    /// A text parsed once, its wiki links resolved: every page showing it renders this tree.
    struct Text: Sendable {
        let document: ContentDocument
        let language: String
        let markdown: MarkdownDocument
        let links: [MarkdownNode: Link]
    }

    /// How content is parsed: GitHub's extensions and wiki links. Safe mode is the renderer's default.
    static let markdownOptions = MarkdownOptions(wikiLinks: true)

    let texts: [SiteContent.Key: [String: Text]]
    package let images: [String: String]
    let imageSizes: [String: PictureSize]
    /// The texts linking to each page, in key order: a record's "Mentioned in".
    let mentions: [Target: [SiteContent.Key]]

    /// The texts linking to `target`, noted as read (see `MakerReads`).
    func mentions(of target: Target) -> [SiteContent.Key] {
        MakerReads.note(MakerReads.mentions(target))
        return mentions[target] ?? []
    }

    package static let empty = ResolvedContent()

    private init() {
        texts = [:]
        images = [:]
        imageSizes = [:]
        mentions = [:]
        articleSlugs = []
    }

    var isEmpty: Bool { texts.isEmpty && images.isEmpty }

    /// Every link of every text resolved; all the mistakes of all the texts are thrown together.
    package init(_ content: SiteContent, dataset: Dataset) throws(ContentErrors) {
        let resolver = WikiLinkResolver(dataset: dataset, content: content)
        var texts: [SiteContent.Key: [String: Text]] = [:]
        var mentions: [Target: Set<SiteContent.Key>] = [:]
        var errors: [ContentError] = []
        for (key, languages) in content.texts.sorted(by: { $0.key < $1.key }) {
            switch key {
            case .character(let id) where dataset.character(id) == nil,
                 .location(let id) where dataset.location(id) == nil,
                 .episode(let id) where dataset.episode(id) == nil:
                for document in languages.values {
                    errors.append(ContentError(file: document.file, line: 1, column: 1,
                                               message: "there is no record with this file's id in the data"))
                }
                continue
            default: break
            }
            for (language, document) in languages.sorted(by: { $0.key < $1.key }) {
                Self.checkKeysRead(by: key, in: document, errors: &errors)
                let markdown = MarkdownDocument(parsing: document.body, options: Self.markdownOptions)
                let links = resolver.links(in: markdown, of: document, errors: &errors)
                Self.checkPictures(markdown, of: document, images: content.images, errors: &errors)
                texts[key, default: [:]][language] = Text(document: document, language: language, markdown: markdown, links: links)
                for link in links.values where Self.route(of: key) != link.target.route {
                    mentions[link.target, default: []].insert(key)
                }
            }
        }
        guard errors.isEmpty else { throw ContentErrors(errors) }
        self.texts = texts
        articleSlugs = Self.articleSlugs(texts.keys)
        images = content.images
        imageSizes = content.imageSizes
        self.mentions = mentions.mapValues { $0.sorted() }
    }

    static func route(of key: SiteContent.Key) -> Route {
        switch key {
        case .home: .home
        case .article(let slug): .article(slug)
        case .character(let id): .character(id)
        case .location(let id): .location(id)
        case .episode(let id): .episode(id)
        }
    }

    /// The text for a page in `language`: its own, else the first language's, else any (marked with its `lang`).
    /// A record's file that only names it (`title` and no text) is no text: the page takes another language's.
    func text(_ key: SiteContent.Key, language: String, fallback: String) -> Text? {
        MakerReads.note(MakerReads.text(key))
        return chosenText(key, language: language, fallback: fallback)
    }

    /// What a page that names a text without showing it reads of it (a link's words, an index's entry, a "Mentioned in"
    /// list): the title, summary, date and language of the text `text(_:language:fallback:)` takes, and what it links
    /// to. Noted apart from the text (`heading article:portal-guns`), so that an edit to the body alone builds again
    /// only the pages that show it.
    struct Heading: Sendable {
        let title: String?
        let summary: String?
        let date: String?
        let language: String
        let targets: Set<Target>
    }

    func heading(_ key: SiteContent.Key, language: String, fallback: String) -> Heading? {
        MakerReads.note(MakerReads.heading(key))
        return chosenText(key, language: language, fallback: fallback).map { text in
            Heading(title: text.document.title, summary: text.document.summary, date: text.document.date, language: text.language,
                    targets: Set(text.links.values.map(\.target)))
        }
    }

    private func chosenText(_ key: SiteContent.Key, language: String, fallback: String) -> Text? {
        guard var languages = texts[key] else { return nil }
        if case .article = key {} else { languages = languages.filter { !$0.value.document.body.allSatisfy(\.isWhitespace) } }
        return languages[language] ?? languages[fallback] ?? languages.sorted { $0.key < $1.key }.first?.value
    }

    /// The records' names in `language`: the `title` of each `characters/<id>.<language>.md`, `locations/…` and
    /// `episodes/…` that gives one.
    func recordNames(language: String) -> [Target: String] {
        var names: [Target: String] = [:]
        for (key, languages) in texts {
            if let record = Target(record: key), let title = languages[language]?.document.title { names[record] = title }
        }
        return names
    }

    /// Found once: every page's navigation asks whether there are any (`SiteModel.sections`).
    let articleSlugs: [String]

    private static func articleSlugs(_ keys: some Sequence<SiteContent.Key>) -> [String] {
        keys.compactMap { key in
            if case .article(let slug) = key { return slug }
            return nil
        }.sorted()
    }

    /// A front matter key the file's kind does not read is a mistake, never dropped in silence: only an article is
    /// dated (a record's `title` is its name in the file's language).
    private static func checkKeysRead(by key: SiteContent.Key, in document: ContentDocument, errors: inout [ContentError]) {
        if case .article = key { return }
        guard let line = document.keyLines["date"] else { return }
        errors.append(ContentError(file: document.file, line: line, column: 1, message: "'date' is not read in this file: only an article is dated"))
    }

    /// Pictures come from `content/images/` only: the site loads nothing from other hosts. Each mistake is reported
    /// where its picture starts.
    private static func checkPictures(
        _ markdown: MarkdownDocument, of document: ContentDocument, images: [String: String], errors: inout [ContentError]
    ) {
        var lines: [Substring]? = nil
        for node in markdown.descendants() where markdown.kind(node) == .image {
            let destination = markdown.literal(node)
            let message: String
            if let path = picturePath(destination) {
                guard images[path] == nil else { continue }
                message = "the picture \(destination) is not in the content folder's images/"
            } else {
                message = "pictures in prose come from the content folder's images/ (write images/NAME.png); \(destination) is outside it"
            }
            var (line, column) = WikiLinkResolver.position(of: node, in: markdown, document: document, lines: &lines)
            // The error points at the destination as written: after the picture, or in its definition. Past the errors
            // a build shows, no time is spent looking.
            if errors.count < ContentErrors.shown, let lines, let found = Self.find(destination, in: lines, from: (line - document.bodyLine, column)) {
                (line, column) = (document.bodyLine + found.line, found.column)
            }
            errors.append(ContentError(file: document.file, line: line, column: column, message: message))
        }
    }

    /// The first place `needle` is written from a line and column (0-based line, 1-based column, in characters) on,
    /// else before it; nil when it is nowhere as written (escaped, say).
    private static func find(_ needle: String, in lines: [Substring], from start: (line: Int, column: Int)) -> (line: Int, column: Int)? {
        guard !needle.isEmpty, start.line >= 0, start.line < lines.count else { return nil }
        for index in Array(start.line..<lines.count) + Array(0..<start.line) {
            let line = lines[index]
            let from = index == start.line ? line.index(line.startIndex, offsetBy: start.column - 1, limitedBy: line.endIndex) ?? line.endIndex
                : line.startIndex
            if let range = line[from...].range(of: needle) {
                return (index, line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return nil
    }

    /// A picture's path under the content folder's `images/`, or nil when it names another place.
    static func picturePath(_ destination: String) -> String? {
        destination.hasPrefix("images/") ? String(destination.dropFirst("images/".count)) : nil
    }
}
