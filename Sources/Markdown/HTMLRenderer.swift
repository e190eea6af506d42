import Primitives

/// HTML output in cmark's layout (html.c), walking the arena without recursion.
extension MarkdownDocument {
    public func renderHTML() -> String {
        String(decoding: renderHTMLBytes(), as: UTF8.self)
    }

    public func renderHTMLBytes() -> [UInt8] {
        var out = HTMLOutput(bytes: bytes, passesRawHTML: options.unsafe, tagFilter: options.extensions)
        out.buffer.reserveCapacity(bytes.count + bytes.count / 4 + 64)
        var headingIDs = HeadingIDs(reserved: options.reservedIDs)
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
                    out.text(" />")
                    altOf = -1
                    return
                }
                guard entering else { return }
                switch record.kind {
                case .text, .code, .html: out.escape(Int(record.literalStart), Int(record.literalEnd))
                case .softBreak, .lineBreak: out.text(" ")
                default: break
                }
                return
            }
            switch record.kind {
            case .document:
                break
            case .blockQuote:
                out.cr()
                out.text(entering ? "<blockquote>\n" : "</blockquote>\n")
            case .list:
                let ordered = record.flags & 1 != 0
                if entering {
                    out.cr()
                    if !ordered {
                        out.text("<ul>\n")
                    } else if record.number == 1 {
                        out.text("<ol>\n")
                    } else {
                        out.text("<ol start=\"\(record.number)\">\n")
                    }
                } else {
                    out.text(ordered ? "</ol>\n" : "</ul>\n")
                }
            case .item:
                if entering {
                    out.cr()
                    out.text("<li>")
                } else {
                    out.text("</li>\n")
                }
            case .heading:
                if entering {
                    out.cr()
                    out.text("<h\(record.number)")
                    if options.headingIDs {
                        out.text(" id=\"")
                        out.text(headingIDs.next(for: plainText(MarkdownNode(index: Int(index)))))
                        out.text("\"")
                    }
                    out.text(">")
                } else {
                    out.text("</h\(record.number)>\n")
                }
            case .codeBlock:
                out.cr()
                if record.extraEnd > record.extraStart {
                    var end = record.extraStart
                    while end < record.extraEnd && !isWhitespace(bytes[Int(end)]) { end += 1 }
                    out.text("<pre><code class=\"language-")
                    out.escape(Int(record.extraStart), Int(end))
                    out.text("\">")
                } else {
                    out.text("<pre><code>")
                }
                out.escape(Int(record.literalStart), Int(record.literalEnd))
                out.text("</code></pre>\n")
            case .htmlBlock:
                out.cr()
                out.raw(Int(record.literalStart), Int(record.literalEnd))
                out.cr()
            case .thematicBreak:
                out.cr()
                out.text("<hr />\n")
            case .paragraph:
                let parent = record.parent
                let grandparent = parent >= 0 ? nodes[Int(parent)].parent : -1
                let tight = grandparent >= 0 && nodes[Int(grandparent)].kind == .list
                    && nodes[Int(grandparent)].flags & 2 != 0
                if !tight {
                    if entering {
                        out.cr()
                        out.text("<p>")
                    } else {
                        out.text("</p>\n")
                    }
                }
            case .table:
                if entering {
                    out.cr()
                    out.text("<table>\n")
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
                out.text("<br />\n")
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
                    out.text("<a href=\"")
                    out.url(Int(record.literalStart), Int(record.literalEnd))
                    out.text("\"")
                    if record.extraEnd > record.extraStart {
                        out.text(" title=\"")
                        out.escape(Int(record.extraStart), Int(record.extraEnd))
                        out.text("\"")
                    }
                    out.text(">")
                } else {
                    out.text("</a>")
                }
            case .image:
                if entering {
                    out.text("<img src=\"")
                    out.url(Int(record.literalStart), Int(record.literalEnd))
                    out.text("\" alt=\"")
                    if record.firstChild >= 0 {
                        altOf = index
                    } else {
                        out.text("\"")
                        if record.extraEnd > record.extraStart {
                            out.text(" title=\"")
                            out.escape(Int(record.extraStart), Int(record.extraEnd))
                            out.text("\"")
                        }
                        out.text(" />")
                    }
                }
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
        if !passesRawHTML && URLSafety.isDangerous(bytes[start..<end]) { return }
        var i = start
        while i < end {
            let c = bytes[i]
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
            i += 1
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
