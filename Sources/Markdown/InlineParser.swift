/// Inline content after cmark's algorithm (inlines.c): one pass over the text with a delimiter list for
/// emphasis and a bracket stack for links. Every search that could rescan the text is bounded or
/// remembered (backtick runs, HTML comment ends, emphasis openers), so the pass is linear.
struct Delimiter {
    var node: Int32
    var character: UInt8
    var canOpen: Bool
    var canClose: Bool
    /// The original run length: the "rule of 3" looks at runs as written.
    var length: Int
    var position: Int
    var previous: Int
    var next: Int
}

struct Bracket {
    var node: Int32
    var position: Int
    var image: Bool
    var bracketAfter: Bool
}

struct InlineSubject {
    var text: [UInt8]
    var position = 0
    var delimiters: [Delimiter] = []
    var lastDelimiter = -1
    var brackets: [Bracket] = []
    /// Link openers below this stack index are inactive (a link may not contain a link).
    var activeLinkOpenersFrom = 0
    /// Where the last run of each backtick length starts, once the rest of the text has been scanned.
    var backtickRuns: [Int: Int] = [:]
    var scannedForBackticks = false
    var noCommentEnd = false
    var noProcessingEnd = false
    var noDeclarationEnd = false
    var noCDATAEnd = false
    /// The block's lines, to place each inline in the input; empty in a table cell, placed from the cell's start.
    var sourceLines: [SourceLine] = []
    /// How much of the block's content came before `text` (definitions, a heading's leading spaces).
    var shift = 0
    var sourceCursor = 0
    var blockLine: Int32 = 0
    var blockColumn: Int32 = 0

    init(text: [UInt8]) { self.text = text }

    /// The input line and column of `position`. Positions asked for only grow, so the walk over the lines is linear.
    mutating func sourcePosition(_ position: Int) -> (line: Int32, column: Int32) {
        guard !sourceLines.isEmpty else { return (blockLine, blockColumn + Int32(position)) }
        let offset = Int32(position + shift)
        while sourceCursor + 1 < sourceLines.count && sourceLines[sourceCursor + 1].offset <= offset { sourceCursor += 1 }
        let line = sourceLines[sourceCursor]
        return (line.line, line.column + offset - line.offset)
    }

    @inline(__always) func peek(_ offset: Int = 0) -> UInt8 {
        let i = position + offset
        return i < text.count ? text[i] : 0
    }
}

extension MarkdownParser {
    mutating func parseInlines() {
        let blockCount = nodes.count
        for index in 0..<blockCount {
            let kind = nodes[index].kind
            guard kind == .paragraph || kind == .heading || kind == .tableCell else { continue }
            // Paragraphs that held only definitions, or turned into a table, were unlinked.
            guard nodes[index].parent >= 0 else { continue }
            var content = blocks[index].content
            blocks[index].content = []
            var subject = InlineSubject(text: [])
            subject.sourceLines = blocks[index].sourceLines
            blocks[index].sourceLines = []
            subject.shift = blocks[index].removedPrefix
            subject.blockLine = nodes[index].line
            subject.blockColumn = nodes[index].column
            // Trailing whitespace of the block is not content; leading whitespace was never added.
            while let last = content.last, isWhitespace(last) { content.removeLast() }
            if kind == .heading {
                var start = 0
                while start < content.count && isSpaceOrTab(content[start]) { start += 1 }
                if start > 0 { content.removeSubrange(0..<start) }
                subject.shift += start
            }
            subject.text = content
            parseInlines(&subject, into: Int32(index))
        }
        if options.extensions { linkEmailAddresses() }
    }

    mutating func appendInline(_ parent: Int32, _ kind: NodeKind) -> Int32 { appendChild(parent, kind) }

    mutating func appendText(_ parent: Int32, _ text: ArraySlice<UInt8>) -> Int32 {
        let node = appendChild(parent, .text)
        nodes[Int(node)].literalStart = Int32(bytes.count)
        bytes.append(contentsOf: text)
        nodes[Int(node)].literalEnd = Int32(bytes.count)
        return node
    }

    mutating func appendText(_ parent: Int32, byte: UInt8) -> Int32 {
        let node = appendChild(parent, .text)
        nodes[Int(node)].literalStart = Int32(bytes.count)
        bytes.append(byte)
        nodes[Int(node)].literalEnd = Int32(bytes.count)
        return node
    }

    mutating func setLiteral(_ node: Int32, _ text: ArraySlice<UInt8>) {
        nodes[Int(node)].literalStart = Int32(bytes.count)
        bytes.append(contentsOf: text)
        nodes[Int(node)].literalEnd = Int32(bytes.count)
    }

    mutating func parseInlines(_ subject: inout InlineSubject, into parent: Int32) {
        let count = subject.text.count
        while subject.position < count {
            parseInline(&subject, parent)
        }
        processEmphasis(&subject, bottom: 0)
    }

    /// One inline construct; the nodes it makes start where it does (wrappers take their opener's place).
    mutating func parseInline(_ s: inout InlineSubject, _ parent: Int32) {
        let start = s.position
        let firstNew = nodes.count
        parseConstruct(&s, parent)
        guard nodes.count > firstNew else { return }
        let (line, column) = s.sourcePosition(start)
        for node in firstNew..<nodes.count where nodes[node].line == 0 {
            nodes[node].line = line
            nodes[node].column = column
        }
    }

    mutating func parseConstruct(_ s: inout InlineSubject, _ parent: Int32) {
        let c = s.text[s.position]
        switch c {
        case 0x0A, 0x0D:
            handleNewline(&s, parent)
        case UInt8(ascii: "`"):
            handleBackticks(&s, parent)
        case UInt8(ascii: "\\"):
            handleBackslash(&s, parent)
        case UInt8(ascii: "&"):
            if let (decoded, length) = Entities.decode(s.text, at: s.position) {
                _ = appendText(parent, decoded[...])
                s.position += length
            } else {
                _ = appendText(parent, byte: c)
                s.position += 1
            }
        case UInt8(ascii: "<"):
            handlePointyBrace(&s, parent)
        case UInt8(ascii: "*"), UInt8(ascii: "_"):
            handleDelimiter(&s, parent, c)
        case UInt8(ascii: "~") where options.extensions:
            handleDelimiter(&s, parent, c)
        case UInt8(ascii: "["):
            if options.wikiLinks && s.peek(1) == UInt8(ascii: "[") && wikiLink(&s, parent) { return }
            s.position += 1
            let node = appendText(parent, byte: c)
            pushBracket(&s, node, image: false)
        case UInt8(ascii: "!") where s.peek(1) == UInt8(ascii: "["):
            s.position += 2
            let node = appendText(parent, s.text[(s.position - 2)..<s.position])
            pushBracket(&s, node, image: true)
        case UInt8(ascii: "]"):
            handleCloseBracket(&s, parent)
        case UInt8(ascii: "w") where options.extensions && s.brackets.isEmpty:
            if !wwwAutolink(&s, parent) { plainText(&s, parent) }
        case UInt8(ascii: ":") where options.extensions && s.brackets.isEmpty:
            if !urlAutolink(&s, parent) { plainText(&s, parent) }
        default:
            plainText(&s, parent)
        }
    }

    func isSpecial(_ s: InlineSubject, _ i: Int) -> Bool {
        let c = s.text[i]
        switch c {
        case 0x0A, 0x0D, UInt8(ascii: "`"), UInt8(ascii: "\\"), UInt8(ascii: "&"), UInt8(ascii: "<"),
            UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "!"):
            return true
        case UInt8(ascii: "~"):
            return options.extensions
        case UInt8(ascii: "w"):
            // Only a possible `www.` start ends a text run, so ordinary words stay whole.
            return options.extensions && i + 3 < s.text.count && s.text[i + 1] == UInt8(ascii: "w")
                && s.text[i + 2] == UInt8(ascii: "w") && s.text[i + 3] == UInt8(ascii: ".")
                && (i == 0 || isAutolinkBoundary(s.text[i - 1]))
        case UInt8(ascii: ":"):
            return options.extensions && i + 2 < s.text.count && s.text[i + 1] == UInt8(ascii: "/")
                && s.text[i + 2] == UInt8(ascii: "/")
        default:
            return false
        }
    }

    mutating func plainText(_ s: inout InlineSubject, _ parent: Int32) {
        let start = s.position
        var end = start + 1
        let count = s.text.count
        while end < count && !isSpecial(s, end) { end += 1 }
        s.position = end
        var textEnd = end
        if end < count && (s.text[end] == 0x0A || s.text[end] == 0x0D) {
            while textEnd > start && isWhitespace(s.text[textEnd - 1]) { textEnd -= 1 }
        }
        if textEnd > start { _ = appendText(parent, s.text[start..<textEnd]) }
    }

    mutating func handleNewline(_ s: inout InlineSubject, _ parent: Int32) {
        let newline = s.position
        if s.peek() == 0x0D { s.position += 1 }
        if s.peek() == 0x0A { s.position += 1 }
        while isSpaceOrTab(s.peek()) { s.position += 1 }
        let hard = newline > 1 && s.text[newline - 1] == 0x20 && s.text[newline - 2] == 0x20
        _ = appendInline(parent, hard ? .lineBreak : .softBreak)
    }

    mutating func handleBackslash(_ s: inout InlineSubject, _ parent: Int32) {
        s.position += 1
        let next = s.peek()
        if isASCIIPunctuation(next) {
            s.position += 1
            _ = appendText(parent, byte: next)
        } else if s.position < s.text.count && (next == 0x0A || next == 0x0D) {
            if next == 0x0D { s.position += 1 }
            if s.peek() == 0x0A { s.position += 1 }
            while isSpaceOrTab(s.peek()) { s.position += 1 }
            _ = appendInline(parent, .lineBreak)
        } else {
            _ = appendText(parent, byte: UInt8(ascii: "\\"))
        }
    }

    // MARK: Code spans

    mutating func handleBackticks(_ s: inout InlineSubject, _ parent: Int32) {
        let start = s.position
        while s.peek() == UInt8(ascii: "`") { s.position += 1 }
        let length = s.position - start
        let contentStart = s.position
        guard let closerEnd = closingBackticks(&s, length: length) else {
            s.position = contentStart
            _ = appendText(parent, s.text[start..<contentStart])
            return
        }
        var code = Array(s.text[contentStart..<(closerEnd - length)])
        for k in code.indices where code[k] == 0x0A || code[k] == 0x0D { code[k] = 0x20 }
        if code.count >= 2 && code.first == 0x20 && code.last == 0x20 && code.contains(where: { $0 != 0x20 }) {
            code.removeFirst()
            code.removeLast()
        }
        let node = appendInline(parent, .code)
        setLiteral(node, code[...])
    }

    /// The end of the closing run of `length` backticks, or nil. After one full scan the positions of the
    /// last run of every length are known, so a hopeless search answers at once.
    func closingBackticksKnownMissing(_ s: InlineSubject, length: Int) -> Bool {
        s.scannedForBackticks && (s.backtickRuns[length] ?? -1) < s.position
    }

    mutating func closingBackticks(_ s: inout InlineSubject, length: Int) -> Int? {
        if closingBackticksKnownMissing(s, length: length) { return nil }
        let count = s.text.count
        while true {
            while s.position < count && s.text[s.position] != UInt8(ascii: "`") { s.position += 1 }
            if s.position >= count { break }
            let runStart = s.position
            while s.position < count && s.text[s.position] == UInt8(ascii: "`") { s.position += 1 }
            let run = s.position - runStart
            s.backtickRuns[run] = runStart
            if run == length { return s.position }
        }
        s.scannedForBackticks = true
        return nil
    }

    // MARK: Autolinks and raw HTML

    mutating func handlePointyBrace(_ s: inout InlineSubject, _ parent: Int32) {
        let start = s.position
        if let end = uriAutolinkEnd(s.text, start + 1) {
            let url = s.text[(start + 1)..<(end - 1)]
            makeAutolink(parent, url: url, prefix: [], text: url)
            s.position = end
            return
        }
        if let end = emailAutolinkEnd(s.text, start + 1) {
            let address = s.text[(start + 1)..<(end - 1)]
            makeAutolink(parent, url: address, prefix: Array("mailto:".utf8), text: address)
            s.position = end
            return
        }
        if let end = rawHTMLEnd(&s, start) {
            let node = appendInline(parent, .html)
            setLiteral(node, s.text[start..<end])
            s.position = end
            return
        }
        s.position += 1
        _ = appendText(parent, byte: UInt8(ascii: "<"))
    }

    mutating func makeAutolink(_ parent: Int32, url: ArraySlice<UInt8>, prefix: [UInt8], text: ArraySlice<UInt8>) {
        let link = appendInline(parent, .link)
        let start = Int32(bytes.count)
        bytes.append(contentsOf: prefix)
        bytes.append(contentsOf: url)
        nodes[Int(link)].literalStart = start
        nodes[Int(link)].literalEnd = Int32(bytes.count)
        nodes[Int(link)].extraStart = Int32(bytes.count)
        nodes[Int(link)].extraEnd = Int32(bytes.count)
        _ = appendText(link, text)
    }

    /// `scheme:…>` after `<`: a scheme of 2–32 letters, digits, `+`, `.`, `-`; no spaces, `<` or controls.
    func uriAutolinkEnd(_ text: [UInt8], _ start: Int) -> Int? {
        var i = start
        guard i < text.count, isLetter(text[i]) else { return nil }
        i += 1
        while i < text.count && i - start <= 32 {
            let c = text[i]
            guard isAlphanumeric(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
            else { break }
            i += 1
        }
        let schemeLength = i - start
        guard schemeLength >= 2 && schemeLength <= 32, i < text.count, text[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        while i < text.count {
            let c = text[i]
            if c == UInt8(ascii: ">") { return i + 1 }
            if c <= 0x20 || c == UInt8(ascii: "<") || c == 0x7F { return nil }
            i += 1
        }
        return nil
    }

    func emailAutolinkEnd(_ text: [UInt8], _ start: Int) -> Int? {
        var i = start
        while i < text.count && (isAlphanumeric(text[i]) || ByteClass.emailLocal[Int(text[i])]) { i += 1 }
        guard i > start, i < text.count, text[i] == UInt8(ascii: "@") else { return nil }
        i += 1
        while true {
            let labelStart = i
            while i < text.count && (isAlphanumeric(text[i]) || text[i] == UInt8(ascii: "-")) && i - labelStart < 63 {
                i += 1
            }
            guard i > labelStart, isAlphanumeric(text[labelStart]), isAlphanumeric(text[i - 1]) else { return nil }
            guard i < text.count else { return nil }
            if text[i] == UInt8(ascii: ">") { return i + 1 }
            guard text[i] == UInt8(ascii: ".") else { return nil }
            i += 1
        }
    }

    /// Raw HTML at `<`, remembering which kinds have no end in the rest of the text.
    mutating func rawHTMLEnd(_ s: inout InlineSubject, _ start: Int) -> Int? {
        let text = s.text
        let i = start + 1
        guard i < text.count else { return nil }
        let c = text[i]
        if c == UInt8(ascii: "!") {
            guard i + 1 < text.count else { return nil }
            let next = text[i + 1]
            if next == UInt8(ascii: "-") {
                guard i + 2 < text.count, text[i + 2] == UInt8(ascii: "-") else { return nil }
                // `<!-->` and `<!--->` are complete comments.
                if i + 3 < text.count && text[i + 3] == UInt8(ascii: ">") { return i + 4 }
                if i + 4 < text.count && text[i + 3] == UInt8(ascii: "-") && text[i + 4] == UInt8(ascii: ">") {
                    return i + 5
                }
                if s.noCommentEnd { return nil }
                if let end = HTMLScanner.find(Array("-->".utf8), in: text, from: i + 3) { return end }
                s.noCommentEnd = true
                return nil
            }
            if next == UInt8(ascii: "[") {
                guard i + 7 < text.count, Array(text[(i + 1)..<(i + 8)]) == Array("[CDATA[".utf8) else { return nil }
                if s.noCDATAEnd { return nil }
                if let end = HTMLScanner.find(Array("]]>".utf8), in: text, from: i + 8) { return end }
                s.noCDATAEnd = true
                return nil
            }
            guard isLetter(next) else { return nil }
            if s.noDeclarationEnd { return nil }
            if let end = HTMLScanner.find([UInt8(ascii: ">")], in: text, from: i + 2) { return end }
            s.noDeclarationEnd = true
            return nil
        }
        if c == UInt8(ascii: "?") {
            if s.noProcessingEnd { return nil }
            if let end = HTMLScanner.find(Array("?>".utf8), in: text, from: i + 1) { return end }
            s.noProcessingEnd = true
            return nil
        }
        return HTMLScanner.tag(text, at: start, end: text.count, allowNewlines: true)
    }

    // MARK: Emphasis

    mutating func handleDelimiter(_ s: inout InlineSubject, _ parent: Int32, _ c: UInt8) {
        let start = s.position
        let before = start == 0 ? 0x0A : scalarBefore(s.text, start)
        while s.peek() == c { s.position += 1 }
        let count = s.position - start
        let after = s.position >= s.text.count ? 0x0A : scalarAt(s.text, s.position)
        let beforeSpace = CharacterClass.isWhitespace(before)
        let afterSpace = CharacterClass.isWhitespace(after)
        let beforePunctuation = CharacterClass.isPunctuation(before)
        let afterPunctuation = CharacterClass.isPunctuation(after)
        let leftFlanking = !afterSpace && (!afterPunctuation || beforeSpace || beforePunctuation)
        let rightFlanking = !beforeSpace && (!beforePunctuation || afterSpace || afterPunctuation)
        var canOpen = leftFlanking
        var canClose = rightFlanking
        if c == UInt8(ascii: "_") {
            canOpen = leftFlanking && (!rightFlanking || beforePunctuation)
            canClose = rightFlanking && (!leftFlanking || afterPunctuation)
        }
        let node = appendText(parent, s.text[start..<s.position])
        if c == UInt8(ascii: "~") && count > 2 { return }
        guard canOpen || canClose else { return }
        s.delimiters.append(
            Delimiter(
                node: node, character: c, canOpen: canOpen, canClose: canClose, length: count, position: s.position,
                previous: s.lastDelimiter, next: -1))
        let index = s.delimiters.count - 1
        if s.lastDelimiter >= 0 { s.delimiters[s.lastDelimiter].next = index }
        s.lastDelimiter = index
    }

    func scalarBefore(_ text: [UInt8], _ position: Int) -> UInt32 {
        var start = position - 1
        while start > 0 && text[start] & 0xC0 == 0x80 && position - start < 4 { start -= 1 }
        return scalarAt(text, start)
    }

    func scalarAt(_ text: [UInt8], _ position: Int) -> UInt32 {
        let c = text[position]
        if c < 0x80 { return UInt32(c) }
        var length = 0
        var value: UInt32 = 0
        switch c {
        case 0xC0...0xDF: length = 2; value = UInt32(c & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(c & 0x0F)
        case 0xF0...0xF7: length = 4; value = UInt32(c & 0x07)
        default: return 0xFFFD
        }
        guard position + length <= text.count else { return 0xFFFD }
        for k in 1..<length { value = value << 6 | UInt32(text[position + k] & 0x3F) }
        return value
    }

    mutating func removeDelimiter(_ s: inout InlineSubject, _ index: Int) {
        let delimiter = s.delimiters[index]
        if delimiter.next >= 0 { s.delimiters[delimiter.next].previous = delimiter.previous }
        else { s.lastDelimiter = delimiter.previous }
        if delimiter.previous >= 0 { s.delimiters[delimiter.previous].next = delimiter.next }
    }

    mutating func processEmphasis(_ s: inout InlineSubject, bottom: Int) {
        // For each delimiter character, closer length mod 3 and whether the closer can open: the position
        // below which no opener can match, so no opener is searched for twice.
        var openersBottom = [Int](repeating: bottom, count: 3 * 6)
        func slot(_ c: UInt8, _ closer: Delimiter) -> Int {
            let kind = c == UInt8(ascii: "*") ? 0 : c == UInt8(ascii: "_") ? 1 : 2
            return kind * 6 + (closer.canOpen ? 3 : 0) + closer.length % 3
        }
        var closerIndex = -1
        var candidate = s.lastDelimiter
        while candidate >= 0 && s.delimiters[candidate].position >= bottom {
            closerIndex = candidate
            candidate = s.delimiters[candidate].previous
        }
        while closerIndex >= 0 {
            let closer = s.delimiters[closerIndex]
            guard closer.canClose else {
                closerIndex = closer.next
                continue
            }
            let bottomSlot = slot(closer.character, closer)
            var openerIndex = closer.previous
            var found = false
            while openerIndex >= 0 && s.delimiters[openerIndex].position >= bottom
                && s.delimiters[openerIndex].position >= openersBottom[bottomSlot]
            {
                let opener = s.delimiters[openerIndex]
                if opener.canOpen && opener.character == closer.character {
                    if !(closer.canOpen || opener.canClose) || closer.length % 3 == 0
                        || (opener.length + closer.length) % 3 != 0
                    {
                        found = true
                        break
                    }
                }
                openerIndex = opener.previous
            }
            let oldCloser = closerIndex
            if found {
                if closer.character == UInt8(ascii: "~") {
                    closerIndex = insertStrikethrough(&s, opener: openerIndex, closer: closerIndex)
                } else {
                    closerIndex = insertEmphasis(&s, opener: openerIndex, closer: closerIndex)
                }
            } else {
                closerIndex = closer.next
                openersBottom[bottomSlot] = closer.position
                if !closer.canOpen { removeDelimiter(&s, oldCloser) }
            }
        }
        while s.lastDelimiter >= 0 && s.delimiters[s.lastDelimiter].position >= bottom {
            removeDelimiter(&s, s.lastDelimiter)
        }
    }

    /// Moves the nodes between two delimiter texts into a new node inserted after the opener's text.
    mutating func wrapBetween(_ openerNode: Int32, _ closerNode: Int32, kind: NodeKind) -> Int32 {
        let parent = nodes[Int(openerNode)].parent
        let wrapper = Int32(nodes.count)
        var record = NodeRecord(kind: kind)
        record.parent = parent
        record.line = nodes[Int(openerNode)].line
        record.column = nodes[Int(openerNode)].column
        nodes.append(record)
        var child = nodes[Int(openerNode)].next
        if child != closerNode && child >= 0 {
            let first = child
            var last = child
            while child >= 0 && child != closerNode {
                nodes[Int(child)].parent = wrapper
                last = child
                child = nodes[Int(child)].next
            }
            nodes[Int(first)].previous = -1
            nodes[Int(last)].next = -1
            nodes[Int(wrapper)].firstChild = first
            nodes[Int(wrapper)].lastChild = last
        }
        // Splice the wrapper between opener and closer.
        nodes[Int(openerNode)].next = wrapper
        nodes[Int(wrapper)].previous = openerNode
        nodes[Int(wrapper)].next = closerNode
        if closerNode >= 0 {
            nodes[Int(closerNode)].previous = wrapper
        } else {
            nodes[Int(parent)].lastChild = wrapper
        }
        return wrapper
    }

    mutating func insertEmphasis(_ s: inout InlineSubject, opener: Int, closer: Int) -> Int {
        let openerNode = s.delimiters[opener].node
        let closerNode = s.delimiters[closer].node
        let openerCount = Int(nodes[Int(openerNode)].literalEnd - nodes[Int(openerNode)].literalStart)
        let closerCount = Int(nodes[Int(closerNode)].literalEnd - nodes[Int(closerNode)].literalStart)
        let use = closerCount >= 2 && openerCount >= 2 ? 2 : 1
        nodes[Int(openerNode)].literalEnd -= Int32(use)
        nodes[Int(closerNode)].literalEnd -= Int32(use)
        var between = s.delimiters[closer].previous
        while between >= 0 && between != opener {
            let previous = s.delimiters[between].previous
            removeDelimiter(&s, between)
            between = previous
        }
        _ = wrapBetween(openerNode, closerNode, kind: use == 1 ? .emphasis : .strong)
        if openerCount == use {
            unlink(openerNode)
            removeDelimiter(&s, opener)
        }
        if closerCount == use {
            unlink(closerNode)
            let next = s.delimiters[closer].next
            removeDelimiter(&s, closer)
            return next
        }
        return closer
    }

    mutating func insertStrikethrough(_ s: inout InlineSubject, opener: Int, closer: Int) -> Int {
        let openerNode = s.delimiters[opener].node
        let closerNode = s.delimiters[closer].node
        let next = s.delimiters[closer].next
        let openerCount = nodes[Int(openerNode)].literalEnd - nodes[Int(openerNode)].literalStart
        let closerCount = nodes[Int(closerNode)].literalEnd - nodes[Int(closerNode)].literalStart
        if openerCount == closerCount {
            _ = wrapBetween(openerNode, closerNode, kind: .strikethrough)
            unlink(openerNode)
            unlink(closerNode)
        }
        var between = s.delimiters[closer].previous
        while between >= 0 && between != opener {
            let previous = s.delimiters[between].previous
            removeDelimiter(&s, between)
            between = previous
        }
        removeDelimiter(&s, opener)
        removeDelimiter(&s, closer)
        return next
    }

    // MARK: Links

    mutating func pushBracket(_ s: inout InlineSubject, _ node: Int32, image: Bool) {
        if !s.brackets.isEmpty { s.brackets[s.brackets.count - 1].bracketAfter = true }
        s.brackets.append(Bracket(node: node, position: s.position, image: image, bracketAfter: false))
    }

    mutating func popBracket(_ s: inout InlineSubject) {
        s.brackets.removeLast()
        s.activeLinkOpenersFrom = min(s.activeLinkOpenersFrom, s.brackets.count)
    }

    mutating func handleCloseBracket(_ s: inout InlineSubject, _ parent: Int32) {
        s.position += 1
        let initial = s.position
        guard let opener = s.brackets.last else {
            _ = appendText(parent, byte: UInt8(ascii: "]"))
            return
        }
        if !opener.image && s.brackets.count - 1 < s.activeLinkOpenersFrom {
            popBracket(&s)
            _ = appendText(parent, byte: UInt8(ascii: "]"))
            return
        }
        let text = s.text
        var destination: (url: Range<Int32>, title: Range<Int32>)? = nil
        // An inline link: `(destination "title")`.
        if s.peek() == UInt8(ascii: "(") {
            let destinationStart = LinkScanner.skipWhitespace(text, s.position + 1)
            if let (destinationEnd, found) = LinkScanner.destination(text, at: destinationStart, forDefinition: false) {
                let titleStart = LinkScanner.skipWhitespace(text, destinationEnd)
                var titleEnd = titleStart
                var rawTitle: ArraySlice<UInt8> = []
                if titleStart != destinationEnd, let (end, title) = LinkScanner.title(text, at: titleStart) {
                    titleEnd = end
                    rawTitle = title
                }
                let end = LinkScanner.skipWhitespace(text, titleEnd)
                if end < text.count && text[end] == UInt8(ascii: ")") {
                    s.position = end + 1
                    let urlStart = Int32(bytes.count)
                    bytes.append(contentsOf: Inlines.unescaped(found))
                    let titleStart = Int32(bytes.count)
                    bytes.append(contentsOf: Inlines.unescaped(rawTitle))
                    destination = (urlStart..<titleStart, titleStart..<Int32(bytes.count))
                }
            }
        }
        if destination == nil {
            // A reference link: full `[text][label]`, collapsed `[text][]` or shortcut `[text]`.
            var label: ArraySlice<UInt8>? = nil
            if let (end, found) = LinkScanner.label(text, at: s.position) {
                if !found.isEmpty {
                    label = found
                    s.position = end
                } else if !opener.bracketAfter {
                    s.position = end
                }
            }
            if label == nil && !opener.bracketAfter {
                label = text[opener.position..<(initial - 1)]
            }
            // The link points at the definition's bytes, never a copy; the budget bounds what the HTML repeats.
            if let label, label.count <= 999, !references.isEmpty,
                let reference = references[LinkScanner.normalizedLabel(label)],
                case let size = reference.url.count + reference.title.count, size <= referenceBudget - referenceBytesUsed
            {
                referenceBytesUsed += size
                destination = reference
            } else {
                s.position = initial
            }
        }
        guard let destination else {
            popBracket(&s)
            _ = appendText(parent, byte: UInt8(ascii: "]"))
            return
        }
        let link = wrapBetween(opener.node, -1, kind: opener.image ? .image : .link)
        unlink(opener.node)
        nodes[Int(link)].literalStart = destination.url.lowerBound
        nodes[Int(link)].literalEnd = destination.url.upperBound
        nodes[Int(link)].extraStart = destination.title.lowerBound
        nodes[Int(link)].extraEnd = destination.title.upperBound
        processEmphasis(&s, bottom: opener.position)
        popBracket(&s)
        if !opener.image { s.activeLinkOpenersFrom = s.brackets.count }
    }

    // MARK: Wiki links

    /// `[[target]]` or `[[target|label]]` at `[[`, on one line and holding no other bracket (so the scan stops at the
    /// next bracket: linear however many `[[` a line has); false leaves the `[` to the link rules.
    mutating func wikiLink(_ s: inout InlineSubject, _ parent: Int32) -> Bool {
        let text = s.text
        let innerStart = s.position + 2
        var close = innerStart
        while close < text.count {
            let c = text[close]
            if c == UInt8(ascii: "[") || c == UInt8(ascii: "]") || c == 0x0A || c == 0x0D { break }
            close += 1
        }
        guard close + 1 < text.count, text[close] == UInt8(ascii: "]"), text[close + 1] == UInt8(ascii: "]") else {
            return false
        }
        let inner = text[innerStart..<close]
        guard !trimmed(inner).isEmpty else { return false }
        let bar = inner.firstIndex(of: UInt8(ascii: "|"))
        let node = Int(appendInline(parent, .wikiLink))
        nodes[node].number = Int32(bytes.count)
        bytes.append(contentsOf: text[s.position..<(close + 2)])
        nodes[node].literalStart = Int32(bytes.count)
        bytes.append(contentsOf: trimmed(inner[..<(bar ?? close)]))
        nodes[node].literalEnd = Int32(bytes.count)
        nodes[node].extraStart = Int32(bytes.count)
        if let bar {
            bytes.append(contentsOf: trimmed(inner[(bar + 1)...]))
            nodes[node].flags = 1
        }
        nodes[node].extraEnd = Int32(bytes.count)
        s.position = close + 2
        // A link may not hold a link: the brackets opened before this one make none now.
        s.activeLinkOpenersFrom = s.brackets.count
        return true
    }
}
