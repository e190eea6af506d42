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

        var route: Route {
            switch self {
            case .character(let id): .character(id)
            case .location(let id): .location(id)
            case .episode(let id): .episode(id)
            case .article(let slug): .article(slug)
            }
        }
    }

    enum Segment: Sendable {
        case text(String)
        /// `label` nil: the target's own name, in the page's language.
        case link(Target, label: String?)
    }

    struct Text: Sendable {
        let document: ContentDocument
        let language: String
        let segments: [Segment]
    }

    let texts: [SiteContent.Key: [String: Text]]
    package let images: [String: String]
    let imageSizes: [String: PictureSize]
    /// The texts linking to each page, in key order: a record's "Mentioned in".
    let mentions: [Target: [SiteContent.Key]]

    package static let empty = ResolvedContent()

    private init() {
        texts = [:]
        images = [:]
        imageSizes = [:]
        mentions = [:]
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
                let segments = resolver.segments(of: document, errors: &errors)
                Self.checkPictures(document, segments: segments, images: content.images, errors: &errors)
                texts[key, default: [:]][language] = Text(document: document, language: language, segments: segments)
                for case .link(let target, _) in segments where Self.route(of: key) != target.route {
                    mentions[target, default: []].insert(key)
                }
            }
        }
        guard errors.isEmpty else { throw ContentErrors(errors) }
        self.texts = texts
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
    func text(_ key: SiteContent.Key, language: String, fallback: String) -> Text? {
        guard let languages = texts[key] else { return nil }
        return languages[language] ?? languages[fallback] ?? languages.sorted { $0.key < $1.key }.first?.value
    }

    var articleSlugs: [String] {
        texts.keys.compactMap { key in
            if case .article(let slug) = key { return slug }
            return nil
        }.sorted()
    }

    /// Pictures come from `content/images/` only: the site loads nothing from other hosts.
    private static func checkPictures(
        _ document: ContentDocument, segments: [Segment], images: [String: String], errors: inout [ContentError]
    ) {
        let markdown = segments.map { segment in
            switch segment {
            case .text(let text): text
            case .link: "x"
            }
        }.joined()
        for link in MarkdownDocument(parsing: markdown).links where link.isImage {
            let destination = link.destination
            let path = destination.hasPrefix("images/") ? String(destination.dropFirst("images/".count)) : nil
            if let path, images[path] != nil { continue }
            let (line, column) = position(of: destination, in: document)
            let reason = path == nil
                ? "pictures in prose come from the content folder's images/ (write images/NAME.png); \(destination) is outside it"
                : "the picture \(destination) is not in the content folder's images/"
            errors.append(ContentError(file: document.file, line: line, column: column, message: reason))
        }
    }

    /// Where a text first appears in a document's body, for an error that has no position of its own.
    static func position(of needle: String, in document: ContentDocument) -> (Int, Int) {
        for (index, line) in ContentDocument.lines(of: document.body[...]).enumerated() {
            if let range = line.range(of: needle.isEmpty ? "![" : needle) {
                return (document.bodyLine + index, line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return (document.bodyLine, 1)
    }
}
