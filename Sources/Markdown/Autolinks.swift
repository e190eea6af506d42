// The Markdown module: CommonMark and the GitHub extensions, parsed into an arena of nodes and rendered as HTML;
// a library product of its own, depending only on Primitives (for the HTML escaper it shares).

/// GitHub's extended autolinks (cmark-gfm's autolink extension): `www.` and `http(s)://`/`ftp://` links
/// found while parsing inlines, e-mail addresses found afterwards in the text nodes.
extension MarkdownParser {
    func isAutolinkBoundary(_ c: UInt8) -> Bool {
        isWhitespace(c) || c == UInt8(ascii: "*") || c == UInt8(ascii: "_") || c == UInt8(ascii: "~")
            || c == UInt8(ascii: "(")
    }

    mutating func wwwAutolink(_ s: inout InlineSubject, _ parent: Int32) -> Bool {
        let text = s.text
        let start = s.position
        if start > 0 && !isAutolinkBoundary(text[start - 1]) { return false }
        guard start + 4 <= text.count, text[start..<(start + 4)].elementsEqual("www.".utf8) else { return false }
        let domain = Self.domainLength(text[start...], allowShort: false)
        guard domain > 0 else { return false }
        var end = start + domain
        while end < text.count && !isWhitespace(text[end]) && text[end] != UInt8(ascii: "<") { end += 1 }
        end = start + Self.trimAutolinkEnd(text[start..<end])
        guard end > start else { return false }
        makeAutolink(parent, url: text[start..<end], prefix: Array("http://".utf8), text: text[start..<end])
        s.position = end
        return true
    }

    mutating func urlAutolink(_ s: inout InlineSubject, _ parent: Int32) -> Bool {
        let text = s.text
        let colon = s.position
        guard colon + 3 < text.count, text[colon + 1] == UInt8(ascii: "/"), text[colon + 2] == UInt8(ascii: "/") else {
            return false
        }
        // The scheme letters are already in the previous text node.
        let previous = nodes[Int(parent)].lastChild
        guard previous >= 0, nodes[Int(previous)].kind == .text else { return false }
        let available = Int(nodes[Int(previous)].literalEnd - nodes[Int(previous)].literalStart)
        var rewind = 0
        while rewind < available && colon - rewind - 1 >= 0 && isLetter(text[colon - rewind - 1]) { rewind += 1 }
        let schemeStart = colon - rewind
        let scheme = text[schemeStart..<colon].map { $0 | 0x20 }
        guard scheme == Array("http".utf8) || scheme == Array("https".utf8) || scheme == Array("ftp".utf8) else {
            return false
        }
        guard isAlphanumeric(text[colon + 3]) else { return false }
        let domain = Self.domainLength(text[(colon + 3)...], allowShort: true)
        guard domain > 0 else { return false }
        var end = colon + 3 + domain
        while end < text.count && !isWhitespace(text[end]) && text[end] != UInt8(ascii: "<") { end += 1 }
        end = schemeStart + Self.trimAutolinkEnd(text[schemeStart..<end])
        guard end > colon + 3 else { return false }
        nodes[Int(previous)].literalEnd -= Int32(rewind)
        if nodes[Int(previous)].literalEnd == nodes[Int(previous)].literalStart { unlink(previous) }
        makeAutolink(parent, url: text[schemeStart..<end], prefix: [], text: text[schemeStart..<end])
        s.position = end
        return true
    }

    /// Letters, digits, `-`, `_` and dots; no underscore in the last two labels; a dot unless short is allowed.
    static func domainLength(_ text: ArraySlice<UInt8>, allowShort: Bool) -> Int {
        var periods = 0
        var underscoresBefore = 0
        var underscores = 0
        var i = text.startIndex + 1
        while i < text.endIndex - 1 {
            let c = text[i]
            if c == UInt8(ascii: "\\") && i < text.endIndex - 2 {
                i += 1
            }
            let d = text[i]
            if d == UInt8(ascii: "_") {
                underscores += 1
            } else if d == UInt8(ascii: ".") {
                underscoresBefore = underscores
                underscores = 0
                periods += 1
            } else if !(isAlphanumeric(d) || d >= 0x80) && d != UInt8(ascii: "-") {
                break
            }
            i += 1
        }
        if underscoresBefore > 0 || underscores > 0 { return 0 }
        let length = i - text.startIndex
        if allowShort { return length }
        return periods > 0 ? length : 0
    }

    /// Drops trailing punctuation, an unmatched `)` and a trailing entity-like `&name;` from a link's end.
    static func trimAutolinkEnd(_ text: ArraySlice<UInt8>) -> Int {
        let base = text.startIndex
        var end = text.endIndex
        if let angle = text.firstIndex(of: UInt8(ascii: "<")) { end = angle }
        var opening = 0
        var closing = 0
        for c in text[base..<end] {
            if c == UInt8(ascii: "(") { opening += 1 } else if c == UInt8(ascii: ")") { closing += 1 }
        }
        while end > base {
            let c = text[end - 1]
            if ByteClass.autolinkTrailing[Int(c)] {
                end -= 1
            } else if c == UInt8(ascii: ";") {
                var k = end - 2
                while k > base && isLetter(text[k]) { k -= 1 }
                if k < end - 2 && k >= base && text[k] == UInt8(ascii: "&") { end = k } else { end -= 1 }
            } else if c == UInt8(ascii: ")") {
                if closing <= opening { break }
                closing -= 1
                end -= 1
            } else {
                break
            }
        }
        return end - base
    }

    /// Finds e-mail addresses in text outside links: text nodes are joined first, as cmark-gfm does.
    mutating func linkEmailAddresses() {
        var inLink = 0
        var index: Int32 = 0
        var entering = true
        while true {
            let record = nodes[Int(index)]
            if entering && record.kind == .link { inLink += 1 }
            if !entering && record.kind == .link { inLink -= 1 }
            if entering && record.kind == .text {
                consolidateText(index)
                if inLink == 0 { index = linkEmails(in: index) }
            }
            let current = nodes[Int(index)]
            if entering && current.kind.hasExitEvent {
                if current.firstChild >= 0 { index = current.firstChild } else { entering = false }
                continue
            }
            if index == 0 { return }
            if current.next >= 0 {
                index = current.next
                entering = true
            } else {
                index = current.parent
                entering = false
            }
        }
    }

    mutating func consolidateText(_ node: Int32) {
        var next = nodes[Int(node)].next
        guard next >= 0 && nodes[Int(next)].kind == .text else { return }
        // Texts parsed one after the other lie one after the other in `bytes`: the first then reaches to the last's end,
        // with nothing copied.
        var end = nodes[Int(node)].literalEnd
        var last = next
        while last >= 0 && nodes[Int(last)].kind == .text && nodes[Int(last)].literalStart == end {
            end = nodes[Int(last)].literalEnd
            last = nodes[Int(last)].next
        }
        if last < 0 || nodes[Int(last)].kind != .text {
            while next != last {
                let after = nodes[Int(next)].next
                unlink(next)
                next = after
            }
            nodes[Int(node)].literalEnd = end
            return
        }
        var joined = Array(bytes[Int(nodes[Int(node)].literalStart)..<Int(nodes[Int(node)].literalEnd)])
        while next >= 0 && nodes[Int(next)].kind == .text {
            joined += bytes[Int(nodes[Int(next)].literalStart)..<Int(nodes[Int(next)].literalEnd)]
            let after = nodes[Int(next)].next
            unlink(next)
            next = after
        }
        setLiteral(node, joined[...])
    }

    /// Splits a text node around the addresses in it (cmark-gfm's rules: `local@domain.tld`, no `/` before).
    /// Returns the node the walk continues from: the last text node made (the original may be gone).
    mutating func linkEmails(in textNode: Int32) -> Int32 {
        var node = textNode
        var offset = 0
        var attempts = 0
        while attempts < 1000 {
            attempts += 1
            let start = Int(nodes[Int(node)].literalStart)
            let end = Int(nodes[Int(node)].literalEnd)
            // Indices only: a slice of `bytes` held across the appends below would copy all of it each time.
            var at = start + offset
            while at < end && bytes[at] != UInt8(ascii: "@") { at += 1 }
            guard at < end else { return node }
            var rewind = 0
            var slash = false
            while at - rewind - 1 >= start + offset {
                let c = bytes[at - rewind - 1]
                if isAlphanumeric(c) || c == UInt8(ascii: ".") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
                    || c == UInt8(ascii: "_")
                {
                    rewind += 1
                    continue
                }
                if c == UInt8(ascii: "/") { slash = true }
                break
            }
            if rewind == 0 || slash {
                offset = at + 1 - start
                continue
            }
            var length = 0
            var ats = 0
            var periods = 0
            while at + length < end {
                let c = bytes[at + length]
                if isAlphanumeric(c) {
                } else if c == UInt8(ascii: "@") {
                    ats += 1
                    if ats > 1 { break }
                } else if c == UInt8(ascii: ".") && at + length + 1 < end && isAlphanumeric(bytes[at + length + 1]) {
                    periods += 1
                } else if c != UInt8(ascii: "-") && c != UInt8(ascii: "_") {
                    break
                }
                length += 1
            }
            let lastCharacter = length > 0 ? bytes[at + length - 1] : 0
            if length < 2 || ats != 1 || periods == 0 || (!isLetter(lastCharacter) && lastCharacter != UInt8(ascii: ".")) {
                offset = at + 1 - start
                continue
            }
            length = Self.trimAutolinkEnd(bytes[at..<(at + length)])
            if length == 0 {
                offset = at + 1 - start
                continue
            }
            let linkStart = at - rewind
            let linkEnd = at + length
            let address = Array(bytes[linkStart..<linkEnd])
            let rest = Array(bytes[linkEnd..<end])
            // Text before, the link, text after (which is searched next).
            nodes[Int(node)].literalEnd = Int32(linkStart)
            let link = insertAfter(node, .link)
            let url = Int32(bytes.count)
            bytes += Array("mailto:".utf8)
            bytes += address
            nodes[Int(link)].literalStart = url
            nodes[Int(link)].literalEnd = Int32(bytes.count)
            nodes[Int(link)].extraStart = Int32(bytes.count)
            nodes[Int(link)].extraEnd = Int32(bytes.count)
            _ = appendText(link, address[...])
            let after = insertAfter(link, .text)
            setLiteral(after, rest[...])
            if linkStart == start { unlink(node) }
            node = after
            offset = 0
        }
        return node
    }

    mutating func insertAfter(_ sibling: Int32, _ kind: NodeKind) -> Int32 {
        let index = Int32(nodes.count)
        var record = NodeRecord(kind: kind)
        let parent = nodes[Int(sibling)].parent
        record.parent = parent
        record.line = nodes[Int(sibling)].line
        record.column = nodes[Int(sibling)].column
        record.previous = sibling
        record.next = nodes[Int(sibling)].next
        nodes.append(record)
        if record.next >= 0 { nodes[Int(record.next)].previous = index } else { nodes[Int(parent)].lastChild = index }
        nodes[Int(sibling)].next = index
        return index
    }
}

/// Unicode classes for emphasis: whitespace (Zs, tab, line feed, form feed, carriage return) and
/// punctuation (the P and S categories).
enum CharacterClass {
    static func isWhitespace(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            return scalar == 0x20 || scalar == 0x09 || scalar == 0x0A || scalar == 0x0C || scalar == 0x0D
        }
        guard let value = Unicode.Scalar(scalar) else { return false }
        return value.properties.generalCategory == .spaceSeparator
    }

    static func isPunctuation(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return isASCIIPunctuation(UInt8(scalar)) }
        guard let value = Unicode.Scalar(scalar) else { return false }
        switch value.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}

/// Byte lookup tables, built once.
enum ByteClass {
    static func table(_ members: String) -> [Bool] {
        var table = [Bool](repeating: false, count: 256)
        for c in members.utf8 { table[Int(c)] = true }
        return table
    }

    static let emailLocal = table("!#$%&'*+/=?^_`{|}~-.")
    static let autolinkTrailing = table("?!.,:*_~'\"")
}
