import Primitives

/// An attribute a renderer adds to an element: its value is escaped when written.
public struct HTMLAttribute: Sendable, Hashable {
    public let name: String
    public let value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// What a resolver makes of a link, an image or a wiki link.
public struct ResolvedLink: Sendable, Hashable {
    /// Written as `href` or `src`, percent-encoded as any destination (and emptied if dangerous, unless unsafe).
    public var destination: String
    /// A wiki link's words (nil: its label, else its target, as written); a link's or image's own content stays.
    public var text: String?
    /// Written after `href` (and a link's `title`) or `src`.
    public var attributes: [HTMLAttribute]

    public init(destination: String, text: String? = nil, attributes: [HTMLAttribute] = []) {
        self.destination = destination
        self.text = text
        self.attributes = attributes
    }
}

/// Says where a link, image or wiki link leads (`literal` is a link's destination, a wiki link's target); nil keeps a
/// link or image as written and writes a wiki link as the text it was. Called once per node as it is written.
public typealias MarkdownLinkResolver = (MarkdownDocument, MarkdownNode) -> ResolvedLink?

/// How the HTML is written beyond the document's options: what a page around it needs.
public struct HTMLRendering {
    /// Added to every heading's level, then kept within `minimumHeadingLevel…6`.
    public var headingLevelOffset: Int
    /// The smallest heading level written (2 on a page whose `h1` is its title: `#` becomes `h2`, `##` stays).
    public var minimumHeadingLevel: Int
    /// Attributes for the opening tag of block elements, by kind (`.codeBlock` is its `pre`).
    public var attributes: [NodeKind: [HTMLAttribute]]
    /// `<br />`, `<hr />` and `<img … />` as cmark writes them; false writes HTML's `<br>`.
    public var selfClosingVoidElements: Bool
    public var resolver: MarkdownLinkResolver?

    public init(
        headingLevelOffset: Int = 0, minimumHeadingLevel: Int = 1, attributes: [NodeKind: [HTMLAttribute]] = [:],
        selfClosingVoidElements: Bool = true, resolver: MarkdownLinkResolver? = nil
    ) {
        self.headingLevelOffset = headingLevelOffset
        self.minimumHeadingLevel = minimumHeadingLevel
        self.attributes = attributes
        self.selfClosingVoidElements = selfClosingVoidElements
        self.resolver = resolver
    }
}

/// HTML output in cmark's layout (html.c), walking the arena without recursion.
extension MarkdownDocument {
    public func renderHTML(_ rendering: HTMLRendering = HTMLRendering()) -> String {
        String(decoding: renderHTMLBytes(rendering), as: UTF8.self)
    }

    public func renderHTMLBytes(_ rendering: HTMLRendering = HTMLRendering()) -> [UInt8] {
        var out = HTMLOutput(bytes: bytes, passesRawHTML: options.unsafe, tagFilter: options.extensions)
        // Markup and resolved links make HTML up to about twice its text; pages never touched cost no memory, while
        // growing by doubling would copy a big document's HTML and hold it twice.
        out.buffer.reserveCapacity(2 * bytes.count + 64)
        var headingIDs = HeadingIDs(reserved: options.reservedIDs)
        let voidEnd = rendering.selfClosingVoidElements ? " />" : ">"
        let resolver = rendering.resolver
        func resolved(_ index: Int32) -> ResolvedLink? { resolver?(self, MarkdownNode(index: Int(index))) }
        /// A link's or image's `href`/`src`: the resolver's, else as written.
        func destination(_ record: NodeRecord, _ link: ResolvedLink?) {
            if let link { out.url(Array(link.destination.utf8)[...]) } else { out.url(Int(record.literalStart), Int(record.literalEnd)) }
        }
        func open(_ tag: String, _ kind: NodeKind) {
            out.text(tag)
            for attribute in rendering.attributes[kind] ?? [] { out.attribute(attribute) }
        }
        /// Inside an image's alt text only plain text is written; this is the image being written.
        var altOf: Int32 = -1
        walk(from: 0) { index, entering in
            let record = nodes[Int(index)]
            if altOf >= 0 {
                if !entering && index == altOf {
                    out.text("\"")
                    if record.extraEnd > record.extraStart {
                        out.text(" title=\"")
                        out.escape(Int(record.extraStart), Int(record.extraEnd))
                        out.text("\"")
                    }
                    out.text(voidEnd)
                    altOf = -1
                    return
                }
                guard entering else { return }
                switch record.kind {
                case .text, .code, .html: out.escape(Int(record.literalStart), Int(record.literalEnd))
                case .softBreak, .lineBreak: out.text(" ")
                case .wikiLink: out.escape(wikiLinkText(index, resolved: resolved(index)))
                default: break
                }
                return
            }
            switch record.kind {
            case .document:
                break
            case .blockQuote:
                out.cr()
                if entering {
                    open("<blockquote", .blockQuote)
                    out.text(">\n")
                } else {
                    out.text("</blockquote>\n")
                }
            case .list:
                let ordered = record.flags & 1 != 0
                if entering {
                    out.cr()
                    if !ordered {
                        open("<ul", .list)
                    } else if record.number == 1 {
                        open("<ol", .list)
                    } else {
                        open("<ol start=\"\(record.number)\"", .list)
                    }
                    out.text(">\n")
                } else {
                    out.text(ordered ? "</ol>\n" : "</ul>\n")
                }
            case .item:
                if entering {
                    out.cr()
                    open("<li", .item)
                    out.text(">")
                } else {
                    out.text("</li>\n")
                }
            case .heading:
                let level = min(6, max(rendering.minimumHeadingLevel, Int(record.number) + rendering.headingLevelOffset))
                if entering {
                    out.cr()
                    open("<h\(level)", .heading)
                    if options.headingIDs {
                        out.text(" id=\"")
                        out.text(headingIDs.next(for: plainText(MarkdownNode(index: Int(index)), resolver: resolver)))
                        out.text("\"")
                    }
                    out.text(">")
                } else {
                    out.text("</h\(level)>\n")
                }
            case .codeBlock:
                out.cr()
                if record.extraEnd > record.extraStart {
                    var end = record.extraStart
                    while end < record.extraEnd && !isWhitespace(bytes[Int(end)]) { end += 1 }
                    open("<pre", .codeBlock)
                    out.text("><code class=\"language-")
                    out.escape(Int(record.extraStart), Int(end))
                    out.text("\">")
                } else {
                    open("<pre", .codeBlock)
                    out.text("><code>")
                }
                out.escape(Int(record.literalStart), Int(record.literalEnd))
                out.text("</code></pre>\n")
            case .htmlBlock:
                out.cr()
                out.raw(Int(record.literalStart), Int(record.literalEnd))
                out.cr()
            case .thematicBreak:
                out.cr()
                open("<hr", .thematicBreak)
                out.text(voidEnd + "\n")
            case .paragraph:
                let parent = record.parent
                let grandparent = parent >= 0 ? nodes[Int(parent)].parent : -1
                let tight = grandparent >= 0 && nodes[Int(grandparent)].kind == .list
                    && nodes[Int(grandparent)].flags & 2 != 0
                if !tight {
                    if entering {
                        out.cr()
                        open("<p", .paragraph)
                        out.text(">")
                    } else {
                        out.text("</p>\n")
                    }
                }
            case .table:
                if entering {
                    out.cr()
                    open("<table", .table)
                    out.text(">\n")
                } else {
                    if let last = lastBodyRow(index), last >= 0 { out.text("</tbody>\n") }
                    out.text("</table>\n")
                }
            case .tableRow:
                let header = record.flags & 1 != 0
                if entering {
                    out.cr()
                    if header {
                        out.text("<thead>\n")
                    } else if record.previous >= 0 && nodes[Int(record.previous)].flags & 1 != 0 {
                        out.text("<tbody>\n")
                    }
                    out.text("<tr>\n")
                } else {
                    out.cr()
                    out.text("</tr>\n")
                    if header { out.text("</thead>\n") }
                }
            case .tableCell:
                let header = nodes[Int(record.parent)].flags & 1 != 0
                if entering {
                    out.cr()
                    out.text(header ? "<th" : "<td")
                    switch ColumnAlignment(rawValue: record.flags) ?? .none {
                    case .left: out.text(" align=\"left\"")
                    case .center: out.text(" align=\"center\"")
                    case .right: out.text(" align=\"right\"")
                    case .none: break
                    }
                    out.text(">")
                } else {
                    out.text(header ? "</th>\n" : "</td>\n")
                }
            case .text:
                out.escape(Int(record.literalStart), Int(record.literalEnd))
            case .softBreak:
                out.text("\n")
            case .lineBreak:
                out.text("<br" + voidEnd + "\n")
            case .code:
                out.text("<code>")
                out.escape(Int(record.literalStart), Int(record.literalEnd))
                out.text("</code>")
            case .html:
                out.raw(Int(record.literalStart), Int(record.literalEnd))
            case .emphasis:
                out.text(entering ? "<em>" : "</em>")
            case .strong:
                out.text(entering ? "<strong>" : "</strong>")
            case .strikethrough:
                out.text(entering ? "<del>" : "</del>")
            case .link:
                if entering {
                    let link = resolved(index)
                    out.text("<a href=\"")
                    destination(record, link)
                    out.text("\"")
                    if record.extraEnd > record.extraStart {
                        out.text(" title=\"")
                        out.escape(Int(record.extraStart), Int(record.extraEnd))
                        out.text("\"")
                    }
                    for attribute in link?.attributes ?? [] { out.attribute(attribute) }
                    out.text(">")
                } else {
                    out.text("</a>")
                }
            case .image:
                if entering {
                    let link = resolved(index)
                    out.text("<img src=\"")
                    destination(record, link)
                    out.text("\"")
                    for attribute in link?.attributes ?? [] { out.attribute(attribute) }
                    out.text(" alt=\"")
                    if record.firstChild >= 0 {
                        altOf = index
                    } else {
                        out.text("\"")
                        if record.extraEnd > record.extraStart {
                            out.text(" title=\"")
                            out.escape(Int(record.extraStart), Int(record.extraEnd))
                            out.text("\"")
                        }
                        out.text(voidEnd)
                    }
                }
            case .wikiLink:
                guard let link = resolved(index) else {
                    out.escape(Int(record.number), Int(record.literalStart))
                    break
                }
                out.text("<a href=\"")
                out.url(Array(link.destination.utf8)[...])
                out.text("\"")
                for attribute in link.attributes { out.attribute(attribute) }
                out.text(">")
                out.escape(wikiLinkText(index, resolved: link))
                out.text("</a>")
            }
        }
        return out.buffer
    }

    /// A table's last row when it is a body row (so `</tbody>` is due), else nil.
    func lastBodyRow(_ table: Int32) -> Int32? {
        let last = nodes[Int(table)].lastChild
        guard last >= 0, nodes[Int(last)].flags & 1 == 0 else { return nil }
        return last
    }
}

struct HTMLOutput {
    let bytes: [UInt8]
    let passesRawHTML: Bool
    let tagFilter: Bool
    var buffer: [UInt8] = []

    init(bytes: [UInt8], passesRawHTML: Bool, tagFilter: Bool) {
        self.bytes = bytes
        self.passesRawHTML = passesRawHTML
        self.tagFilter = tagFilter
    }

    mutating func cr() {
        if let last = buffer.last, last != 0x0A { buffer.append(0x0A) }
    }

    mutating func text(_ string: String) {
        buffer.append(contentsOf: string.utf8)
    }

    mutating func escape(_ start: Int, _ end: Int) {
        bytes.withUnsafeBufferPointer { source in
            XMLText.appendEscaped(UnsafeBufferPointer(rebasing: source[start..<end]), to: &buffer, apostrophe: false)
        }
    }

    mutating func escape(_ string: String) {
        Array(string.utf8).withUnsafeBufferPointer { XMLText.appendEscaped($0, to: &buffer, apostrophe: false) }
    }

    /// ` name="value"`, the value escaped.
    mutating func attribute(_ attribute: HTMLAttribute) {
        text(" " + attribute.name + "=\"")
        escape(attribute.value)
        text("\"")
    }

    /// Raw HTML: passed through when unsafe (minus the tags GitHub disallows), else a placeholder.
    mutating func raw(_ start: Int, _ end: Int) {
        guard passesRawHTML else {
            text("<!-- raw HTML omitted -->")
            return
        }
        guard tagFilter else {
            buffer.append(contentsOf: bytes[start..<end])
            return
        }
        var i = start
        while i < end {
            let c = bytes[i]
            if c == UInt8(ascii: "<") && TagFilter.isDisallowed(bytes, i + 1, end) {
                text("&lt;")
            } else {
                buffer.append(c)
            }
            i += 1
        }
    }

    /// A destination: percent-encoded where needed, `&` and `'` as entities; dangerous schemes emptied
    /// unless unsafe.
    mutating func url(_ start: Int, _ end: Int) {
        url(bytes[start..<end])
    }

    mutating func url(_ destination: ArraySlice<UInt8>) {
        if !passesRawHTML && URLSafety.isDangerous(destination) { return }
        for c in destination {
            if URLSafety.keepsAsIs(c) {
                buffer.append(c)
            } else if c == UInt8(ascii: "&") {
                text("&amp;")
            } else if c == UInt8(ascii: "'") {
                text("&#x27;")
            } else {
                buffer.append(UInt8(ascii: "%"))
                buffer.append(URLSafety.hexDigits[Int(c >> 4)])
                buffer.append(URLSafety.hexDigits[Int(c & 15)])
            }
        }
    }
}

enum TagFilter {
    static let names: [[UInt8]] = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"]
        .map { Array($0.utf8) }

    /// Whether `<` is followed by `/`? and a disallowed tag name ending in whitespace, `>` or `/>`.
    static func isDisallowed(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
        var i = start
        if i < end && bytes[i] == UInt8(ascii: "/") { i += 1 }
        for name in names where i + name.count <= end {
            var matches = true
            for k in 0..<name.count where bytes[i + k] | 0x20 != name[k] {
                matches = false
                break
            }
            guard matches else { continue }
            let after = i + name.count
            if after >= end { return false }
            let c = bytes[after]
            if isWhitespace(c) || c == UInt8(ascii: ">") { return true }
            if c == UInt8(ascii: "/") && after + 1 < end && bytes[after + 1] == UInt8(ascii: ">") { return true }
        }
        return false
    }
}

enum URLSafety {
    static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    static let safe: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for c in "-_.+!*(),%#@?=;:/$~".utf8 { table[Int(c)] = true }
        for c in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(c)] = true }
        for c in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(c)] = true }
        for c in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(c)] = true }
        return table
    }()

    @inline(__always) static func keepsAsIs(_ c: UInt8) -> Bool { safe[Int(c)] }

    /// `javascript:`, `vbscript:`, `file:` and `data:` other than PNG, GIF, JPEG and WebP images. Browsers
    /// ignore leading spaces and controls and any tab or line break inside a scheme, so this does too.
    static func isDangerous(_ url: ArraySlice<UInt8>) -> Bool {
        var scheme: [UInt8] = []
        for c in url {
            if c <= 0x20 && scheme.isEmpty { continue }
            if c == 0x09 || c == 0x0A || c == 0x0D { continue }
            scheme.append(c >= 0x41 && c <= 0x5A ? c | 0x20 : c)
            if scheme.count >= 16 { break }
        }
        func starts(_ prefix: String) -> Bool { scheme.starts(with: prefix.utf8) }
        if starts("javascript:") || starts("vbscript:") || starts("file:") { return true }
        if starts("data:") {
            return !(starts("data:image/png") || starts("data:image/gif") || starts("data:image/jpeg")
                || starts("data:image/webp"))
        }
        return false
    }
}
