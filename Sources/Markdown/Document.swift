/// What a node of a parsed Markdown document is.
public enum NodeKind: UInt8, Sendable, Hashable {
    case document, blockQuote, list, item, codeBlock, htmlBlock, paragraph, heading, thematicBreak
    case table, tableRow, tableCell
    case text, softBreak, lineBreak, code, html, emphasis, strong, strikethrough, link, image
    /// `[[target]]` or `[[target|label]]`, read only under `MarkdownOptions.wikiLinks`: a leaf whose `literal` is
    /// the target and `wikiLinkLabel` the label, both as written (trimmed). A renderer's resolver says where it
    /// leads; without one it is written as the text it was.
    case wikiLink

    /// Blocks hold other blocks or inline content; inlines live inside paragraphs, headings and cells.
    public var isBlock: Bool { rawValue <= NodeKind.tableCell.rawValue }
}

/// How a table column is aligned (GitHub tables).
public enum ColumnAlignment: UInt8, Sendable, Hashable {
    case none, left, center, right
}

/// Options for parsing and rendering.
public struct MarkdownOptions: Sendable, Hashable {
    /// Pass raw HTML through and keep every link destination, as the CommonMark spec requires.
    /// Off by default: raw HTML becomes `<!-- raw HTML omitted -->` and dangerous URLs become empty.
    public var unsafe: Bool
    /// The GitHub extensions: tables, strikethrough, extended autolinks, the disallowed raw HTML filter.
    public var extensions: Bool
    /// Give every heading an `id` attribute (the ids `MarkdownDocument.headings` reports).
    public var headingIDs: Bool
    /// Ids the page around the document already uses: a heading that would take one gets `-2`, `-3`… instead.
    public var reservedIDs: Set<String>
    /// Read `[[target]]` and `[[target|label]]` as wiki-link nodes, where the inline parser meets them: never in
    /// code, raw HTML or a link destination. Off by default (CommonMark has no such syntax).
    public var wikiLinks: Bool

    public init(
        unsafe: Bool = false, extensions: Bool = true, headingIDs: Bool = false, reservedIDs: Set<String> = [],
        wikiLinks: Bool = false
    ) {
        self.unsafe = unsafe
        self.extensions = extensions
        self.headingIDs = headingIDs
        self.reservedIDs = reservedIDs
        self.wikiLinks = wikiLinks
    }

    /// Plain CommonMark with raw HTML passed through: what the spec's examples expect.
    public static let commonMark = MarkdownOptions(unsafe: true, extensions: false)
}

/// One node in the arena. Indices instead of references keep the document a value type, and walking it
/// needs no recursion however deep the nesting.
struct NodeRecord: Sendable {
    var kind: NodeKind
    /// List: ordered (1), tight (2), `)` delimiter (4). Table row: header (1). Cell: alignment. Wiki link: has a
    /// label (1). Next to `kind`, so that a record takes 52 bytes, not 56.
    var flags: UInt8 = 0
    var parent: Int32 = -1
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    var next: Int32 = -1
    var previous: Int32 = -1
    /// Text, code, raw HTML, code block content, link destination: a range of `MarkdownDocument.bytes`.
    var literalStart: Int32 = 0
    var literalEnd: Int32 = 0
    /// Link title or code block info string.
    var extraStart: Int32 = 0
    var extraEnd: Int32 = 0
    /// Heading level, ordered list start; a wiki link's text as written starts here and ends at `literalStart`.
    var number: Int32 = 0
    /// Where the node starts in the input, 1-based, in bytes (cmark's `start_line` and `start_column`).
    var line: Int32 = 0
    var column: Int32 = 0

    init(kind: NodeKind) { self.kind = kind }
}

/// A handle to one node of a `MarkdownDocument`.
public struct MarkdownNode: Sendable, Hashable {
    public let index: Int
}

/// Where a node starts in the input: 1-based line and byte column, as cmark's `start_line` and `start_column`.
public struct MarkdownPosition: Sendable, Hashable {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// A heading, for a table of contents.
public struct MarkdownHeading: Sendable, Hashable {
    public let level: Int
    /// The heading's plain text (what the reader sees, without markup).
    public let text: String
    /// Unique within the document and stable: derived from the text alone, with `-2`, `-3`… for repeats.
    public let id: String
    public let node: MarkdownNode
}

/// A link or image destination found in the document.
public struct MarkdownLink: Sendable, Hashable {
    public let destination: String
    public let title: String
    public let text: String
    public let isImage: Bool
    public let node: MarkdownNode
}

/// A parsed Markdown document: walk it, then render it.
public struct MarkdownDocument: Sendable {
    var nodes: [NodeRecord]
    /// Every literal the nodes point at.
    var bytes: [UInt8]
    /// Parsing used `extensions` and `wikiLinks`; the others (`unsafe`, `headingIDs`, `reservedIDs`) are read when
    /// rendering and may be changed on a copy, so one parse serves pages that render it differently.
    public var options: MarkdownOptions

    init(nodes: [NodeRecord], bytes: [UInt8], options: MarkdownOptions) {
        self.nodes = nodes
        self.bytes = bytes
        self.options = options
    }

    /// Parses UTF-8 text; invalid sequences become U+FFFD (use `MarkdownInput.validate` to reject them).
    public init(parsing text: String, options: MarkdownOptions = MarkdownOptions()) {
        self = MarkdownParser.parse(Array(text.utf8), options: options, validUTF8: true)
    }

    public init(parsing bytes: [UInt8], options: MarkdownOptions = MarkdownOptions()) {
        self = MarkdownParser.parse(bytes, options: options)
    }

    public var root: MarkdownNode { MarkdownNode(index: 0) }

    public func kind(_ node: MarkdownNode) -> NodeKind { nodes[node.index].kind }

    public func children(_ node: MarkdownNode) -> [MarkdownNode] {
        var result: [MarkdownNode] = []
        var child = nodes[node.index].firstChild
        while child >= 0 {
            result.append(MarkdownNode(index: Int(child)))
            child = nodes[Int(child)].next
        }
        return result
    }

    public func parent(_ node: MarkdownNode) -> MarkdownNode? {
        let parent = nodes[node.index].parent
        return parent >= 0 ? MarkdownNode(index: Int(parent)) : nil
    }

    /// Text, code and HTML content; a link's or image's destination; a code block's content.
    public func literal(_ node: MarkdownNode) -> String {
        let record = nodes[node.index]
        return string(record.literalStart, record.literalEnd)
    }

    /// A link's or image's title; a code block's info string.
    public func extra(_ node: MarkdownNode) -> String {
        let record = nodes[node.index]
        return string(record.extraStart, record.extraEnd)
    }

    /// A heading's level (1…6).
    public func headingLevel(_ node: MarkdownNode) -> Int { Int(nodes[node.index].number) }

    /// Where the node starts in the input. Inline nodes inside a table cell count columns from the row's start.
    public func position(_ node: MarkdownNode) -> MarkdownPosition {
        let record = nodes[node.index]
        return MarkdownPosition(line: Int(record.line), column: Int(record.column))
    }

    /// A wiki link's label, after its `|`, trimmed; nil when it has none (`[[target]]`).
    public func wikiLinkLabel(_ node: MarkdownNode) -> String? {
        let record = nodes[node.index]
        guard record.kind == .wikiLink, record.flags & 1 != 0 else { return nil }
        return string(record.extraStart, record.extraEnd)
    }

    /// A wiki link as written, `[[` to `]]`.
    public func wikiLinkSource(_ node: MarkdownNode) -> String {
        let record = nodes[node.index]
        return string(record.number, record.literalStart)
    }

    /// Every node in document order (parents before their children), without recursion.
    public func descendants(of node: MarkdownNode? = nil) -> [MarkdownNode] {
        var result: [MarkdownNode] = []
        walk(from: Int32((node ?? root).index)) { index, entering in
            if entering { result.append(MarkdownNode(index: Int(index))) }
        }
        return result
    }

    /// The text a reader sees inside a node: text and code literals, breaks as spaces; a wiki link's text is the
    /// resolver's when it gives one, else its label, else its target.
    public func plainText(_ node: MarkdownNode, resolver: MarkdownLinkResolver? = nil) -> String {
        var out: [UInt8] = []
        walk(from: Int32(node.index)) { index, entering in
            guard entering else { return }
            let record = nodes[Int(index)]
            switch record.kind {
            case .text, .code: out += bytes[Int(record.literalStart)..<Int(record.literalEnd)]
            case .softBreak, .lineBreak: out.append(0x20)
            case .wikiLink: out += wikiLinkText(index, resolved: resolver?(self, MarkdownNode(index: Int(index)))).utf8
            default: break
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The words a wiki link shows: the resolver's, else its label, else its target.
    func wikiLinkText(_ index: Int32, resolved: ResolvedLink?) -> String {
        let node = MarkdownNode(index: Int(index))
        return resolved?.text ?? wikiLinkLabel(node) ?? literal(node)
    }

    /// The headings in order, with their ids.
    public var headings: [MarkdownHeading] { headings() }

    /// The headings in order, with their ids, their wiki links' words as `resolver` gives them.
    public func headings(resolver: MarkdownLinkResolver? = nil) -> [MarkdownHeading] {
        var ids = HeadingIDs(reserved: options.reservedIDs)
        var headings: [MarkdownHeading] = []
        scan(from: 0, { index, entering in
            guard entering, nodes[Int(index)].kind == .heading else { return true }
            let node = MarkdownNode(index: Int(index))
            let text = plainText(node, resolver: resolver)
            headings.append(MarkdownHeading(level: headingLevel(node), text: text, id: ids.next(for: text), node: node))
            return true
        })
        return headings
    }

    /// The first paragraph's plain text: a summary for lists and previews.
    public var summary: String? { summary() }

    public func summary(resolver: MarkdownLinkResolver? = nil) -> String? {
        var paragraph: Int32?
        scan(from: 0, { index, _ in
            guard nodes[Int(index)].kind == .paragraph else { return true }
            paragraph = index
            return false
        })
        return paragraph.map { plainText(MarkdownNode(index: Int($0)), resolver: resolver) }
    }

    /// Every link and image, in order.
    public var links: [MarkdownLink] {
        descendants().compactMap { node in
            let kind = kind(node)
            guard kind == .link || kind == .image else { return nil }
            return MarkdownLink(
                destination: literal(node), title: extra(node), text: plainText(node), isImage: kind == .image, node: node)
        }
    }

    func string(_ start: Int32, _ end: Int32) -> String {
        String(decoding: bytes[Int(start)..<Int(end)], as: UTF8.self)
    }

    /// Visits `start` and everything under it: enter events in document order, exit events after children.
    func walk(from start: Int32, _ visit: (Int32, Bool) -> Void) {
        scan(from: start, { index, entering in
            visit(index, entering)
            return true
        })
    }

    /// Visits as `walk` does while `visit` returns true.
    func scan(from start: Int32, _ visit: (Int32, Bool) -> Bool) {
        var current = start
        var entering = true
        while true {
            guard visit(current, entering) else { return }
            let record = nodes[Int(current)]
            if entering && record.kind.hasExitEvent {
                if record.firstChild >= 0 {
                    current = record.firstChild
                } else {
                    entering = false
                }
                continue
            }
            if current == start { return }
            if record.next >= 0 {
                current = record.next
                entering = true
            } else {
                current = record.parent
                entering = false
            }
        }
    }
}

extension NodeKind {
    /// Leaves get a single (enter) event; containers are visited on the way in and out.
    var hasExitEvent: Bool {
        switch self {
        case .text, .softBreak, .lineBreak, .code, .html, .thematicBreak, .codeBlock, .htmlBlock, .wikiLink: false
        default: true
        }
    }
}

/// Heading ids: lowercase letters and digits, other runs become one `-`; repeats get `-2`, `-3`…
struct HeadingIDs {
    private var used: Set<String>
    private var nextNumber: [String: Int] = [:]

    init(reserved: Set<String> = []) {
        used = reserved
    }

    mutating func next(for text: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in text.lowercased().unicodeScalars {
            // Most headings are ASCII: their letters and digits are known without asking Unicode's tables.
            let kept = character.isASCII
                ? isLetter(UInt8(character.value)) || isDigit(UInt8(character.value)) : character.properties.isAlphabetic
            if kept {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(character)
            } else {
                pendingDash = true
            }
        }
        if slug.isEmpty { slug = "section" }
        var number = nextNumber[slug, default: 1]
        var candidate = number == 1 ? slug : "\(slug)-\(number)"
        while used.contains(candidate) {
            number += 1
            candidate = "\(slug)-\(number)"
        }
        nextNumber[slug] = number + 1
        used.insert(candidate)
        return candidate
    }
}
