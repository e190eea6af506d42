/// The line-start scanners of the block parser: each looks at the current line only.
extension MarkdownParser {
    /// `#` to `######` and a space, tab or the line end: the level and the length including the spaces.
    func atxHeadingStart(at position: Int) -> (Int, Int)? {
        var i = position
        while i < lineEnd && input[i] == UInt8(ascii: "#") && i - position < 7 { i += 1 }
        let level = i - position
        guard level >= 1 && level <= 6 else { return nil }
        if i >= lineEnd { return (level, level) }
        guard isSpaceOrTab(input[i]) else { return nil }
        while i < lineEnd && isSpaceOrTab(input[i]) { i += 1 }
        return (level, i - position)
    }

    /// Three or more backticks or tildes (a backtick fence's info string has no backtick): the fence length.
    func openingFenceLength(at position: Int) -> Int {
        let fence = peek(position)
        var i = position
        while i < lineEnd && input[i] == fence { i += 1 }
        let length = i - position
        guard length >= 3 else { return 0 }
        if fence == UInt8(ascii: "`") {
            while i < lineEnd {
                if input[i] == UInt8(ascii: "`") { return 0 }
                i += 1
            }
        }
        return length
    }

    func closingFenceLength(at position: Int) -> Int {
        let fence = peek(position)
        var i = position
        while i < lineEnd && input[i] == fence { i += 1 }
        let length = i - position
        guard length >= 3 else { return 0 }
        while i < lineEnd {
            guard isSpaceOrTab(input[i]) else { return 0 }
            i += 1
        }
        return length
    }

    func setextHeadingLevel(at position: Int) -> Int {
        let c = peek(position)
        var i = position
        while i < lineEnd && input[i] == c { i += 1 }
        while i < lineEnd && isSpaceOrTab(input[i]) { i += 1 }
        guard i >= lineEnd else { return 0 }
        return c == UInt8(ascii: "=") ? 1 : 2
    }

    /// Remembers where a failed scan stopped, so list markers on one line do not rescan it (`- - - - x`).
    mutating func thematicBreak(at position: Int) -> Bool {
        let c = peek(position)
        guard c == UInt8(ascii: "*") || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") else {
            thematicBreakKillPosition = position
            return false
        }
        var count = 1
        var i = position + 1
        while i < lineEnd {
            let next = input[i]
            if next == c {
                count += 1
            } else if !isSpaceOrTab(next) {
                break
            }
            i += 1
        }
        if count >= 3 && i >= lineEnd { return true }
        thematicBreakKillPosition = i
        return false
    }

    func listMarker(at position: Int, interruptsParagraph: Bool) -> ListMarker? {
        var i = position
        let c = peek(i)
        var marker: ListMarker
        if c == UInt8(ascii: "*") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") {
            i += 1
            marker = ListMarker(ordered: false, bulletCharacter: c, delimiter: 0, start: 0, length: 1)
        } else if isDigit(c) {
            var start = 0
            var digits = 0
            repeat {
                start = start * 10 + Int(peek(i) - UInt8(ascii: "0"))
                i += 1
                digits += 1
            } while digits < 9 && isDigit(peek(i))
            if interruptsParagraph && start != 1 { return nil }
            let delimiter = peek(i)
            guard delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")") else { return nil }
            i += 1
            marker = ListMarker(ordered: true, bulletCharacter: 0, delimiter: delimiter, start: start, length: i - position)
        } else {
            return nil
        }
        guard isWhitespace(peek(i)) else { return nil }
        if interruptsParagraph {
            while isSpaceOrTab(peek(i)) { i += 1 }
            if i >= lineEnd { return nil }
        }
        return marker
    }

    /// The HTML block type (1…7) starting at `<`, or 0.
    func htmlBlockStart(at position: Int, interruptsParagraph: Bool) -> Int {
        let end = lineEnd
        var i = position + 1
        guard i < end else { return 0 }
        let c = input[i]
        if c == UInt8(ascii: "!") {
            if hasPrefix("--", at: i + 1) { return 2 }
            if hasPrefix("[CDATA[", at: i + 1) { return 5 }
            if i + 1 < end && isLetter(input[i + 1]) { return 4 }
            return 0
        }
        if c == UInt8(ascii: "?") { return 3 }
        let closing = c == UInt8(ascii: "/")
        if closing { i += 1 }
        let nameStart = i
        while i < end && (isLetter(input[i]) || isDigit(input[i])) { i += 1 }
        let name = input[nameStart..<i].map { $0 | 0x20 }
        if !name.isEmpty {
            let after = i < end ? input[i] : 0x0A
            if !closing && HTMLNames.type1.contains(name)
                && (isWhitespace(after) || after == UInt8(ascii: ">"))
            {
                return 1
            }
            if HTMLNames.type6.contains(name)
                && (isWhitespace(after) || after == UInt8(ascii: ">")
                    || (after == UInt8(ascii: "/") && i + 1 < end && input[i + 1] == UInt8(ascii: ">")))
            {
                return 6
            }
        }
        if interruptsParagraph { return 0 }
        guard let tagEnd = HTMLScanner.tag(input, at: position, end: end, allowNewlines: false) else { return 0 }
        var rest = tagEnd
        while rest < end && isWhitespace(input[rest]) { rest += 1 }
        return rest >= end ? 7 : 0
    }

    func hasPrefix(_ text: StaticString, at position: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= lineEnd else { return false }
        let base = text.utf8Start
        for k in 0..<count where input[position + k] != base[k] { return false }
        return true
    }

    /// Whether the current line holds the end condition of an HTML block of this type.
    func htmlBlockEnds(type: Int) -> Bool {
        let from = firstNonspace
        switch type {
        case 1:
            var i = from
            while i + 1 < lineEnd {
                if input[i] == UInt8(ascii: "<") && input[i + 1] == UInt8(ascii: "/") {
                    var j = i + 2
                    while j < lineEnd && isLetter(input[j]) { j += 1 }
                    if j < lineEnd && input[j] == UInt8(ascii: ">")
                        && HTMLNames.type1.contains(input[(i + 2)..<j].map { $0 | 0x20 })
                    {
                        return true
                    }
                }
                i += 1
            }
            return false
        case 2: return lineContains("-->", from: from)
        case 3: return lineContains("?>", from: from)
        case 4: return lineContains(">", from: from)
        case 5: return lineContains("]]>", from: from)
        default: return false
        }
    }

    func lineContains(_ text: StaticString, from: Int) -> Bool {
        var i = from
        while i < lineEnd {
            if hasPrefix(text, at: i) { return true }
            i += 1
        }
        return false
    }

    // MARK: Tables (GitHub extension)

    /// Turns the open paragraph's last line into a table header when this line is a matching delimiter row.
    mutating func tableStart(_ container: inout Int32) -> Bool {
        guard let alignments = delimiterRow() else { return false }
        let paragraph = container
        let content = blocks[Int(paragraph)].content
        guard content.last == 0x0A else { return false }
        var headerStart = content.count - 1
        while headerStart > 0 && content[headerStart - 1] != 0x0A { headerStart -= 1 }
        let header = TableRow.cells(content[headerStart..<(content.count - 1)])
        guard header.count == alignments.count else { return false }
        blocks[Int(paragraph)].content.removeSubrange(headerStart...)
        var parent = nodes[Int(paragraph)].parent
        if headerStart > 0 {
            parent = finalize(paragraph)
        } else {
            blocks[Int(paragraph)].open = false
            unlink(paragraph)
        }
        // `current` stays the closed paragraph: it was the last matched block, so the line's text goes to the table.
        let table = appendBlock(parent, .table)
        blocks[Int(table)].alignments = alignments
        appendRow(table, header, header: true)
        container = table
        return true
    }

    /// `| :-- | :-: | --: |`: one alignment per cell, or nil when the line is not a delimiter row.
    func delimiterRow() -> [ColumnAlignment]? {
        // Asked of every line of a paragraph: a line holding anything but pipes, dashes, colons and spaces is none,
        // found before splitting it into cells.
        var hasDash = false
        for c in input[firstNonspace..<lineEnd] {
            switch c {
            case UInt8(ascii: "-"): hasDash = true
            case UInt8(ascii: "|"), UInt8(ascii: ":"), 0x20, 0x09, 0x0B, 0x0C: continue
            default: return nil
            }
        }
        guard hasDash else { return nil }
        let cells = TableRow.cells(input[firstNonspace..<lineEnd])
        guard !cells.isEmpty else { return nil }
        var hasPipe = false
        for c in input[firstNonspace..<lineEnd] where c == UInt8(ascii: "|") { hasPipe = true }
        var alignments: [ColumnAlignment] = []
        for cell in cells {
            var slice = cell[...]
            let left = slice.first == UInt8(ascii: ":")
            if left { slice = slice.dropFirst() }
            let right = slice.last == UInt8(ascii: ":")
            if right { slice = slice.dropLast() }
            guard !slice.isEmpty, slice.allSatisfy({ $0 == UInt8(ascii: "-") }) else { return nil }
            alignments.append(left && right ? .center : left ? .left : right ? .right : .none)
        }
        if !hasPipe && cells.count == 1 { return nil }
        return alignments
    }

    mutating func addTableRow(_ table: Int32) {
        let cells = TableRow.cells(input[firstNonspace..<lineEnd])
        appendRow(table, cells, header: false)
    }

    mutating func appendRow(_ table: Int32, _ cells: [[UInt8]], header: Bool) {
        let alignments = blocks[Int(table)].alignments
        let row = appendBlock(table, .tableRow)
        blocks[Int(row)].open = false
        nodes[Int(row)].flags = header ? 1 : 0
        for (column, alignment) in alignments.enumerated() {
            let cell = appendBlock(row, .tableCell)
            blocks[Int(cell)].open = false
            nodes[Int(cell)].flags = alignment.rawValue
            if column < cells.count { blocks[Int(cell)].content = cells[column] }
        }
    }
}

/// Splitting a table row into cells: unescaped pipes separate them; `\|` is a pipe in the cell's text.
enum TableRow {
    /// Whether `cells` finds at least one: something other than spaces after the leading pipe.
    static func hasCells(_ line: ArraySlice<UInt8>) -> Bool {
        !afterLeadingPipe(line).isEmpty
    }

    /// The row without its surrounding spaces and its leading pipe: what its cells are cut from.
    private static func afterLeadingPipe(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let text = trimmed(line)
        return text.first == UInt8(ascii: "|") ? text.dropFirst() : text
    }

    static func cells(_ line: ArraySlice<UInt8>) -> [[UInt8]] {
        let text = afterLeadingPipe(line)
        var cells: [[UInt8]] = []
        var cell: [UInt8] = []
        var i = text.startIndex
        var pending = !text.isEmpty
        while i < text.endIndex {
            let c = text[i]
            if c == UInt8(ascii: "\\") && i + 1 < text.endIndex && text[i + 1] == UInt8(ascii: "|") {
                cell.append(UInt8(ascii: "|"))
                i += 2
                pending = true
                continue
            }
            if c == UInt8(ascii: "|") {
                cells.append(Array(trimmed(cell[...])))
                cell.removeAll(keepingCapacity: true)
                pending = false
            } else {
                cell.append(c)
                pending = true
            }
            i += 1
        }
        if pending { cells.append(Array(trimmed(cell[...]))) }
        return cells
    }
}

@inline(__always) func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
@inline(__always) func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }

enum HTMLNames {
    static let type1: Set<[UInt8]> = Set(["script", "pre", "style", "textarea"].map { Array($0.utf8) })
    static let type6: Set<[UInt8]> = Set(
        [
            "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
            "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
            "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr",
            "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol",
            "optgroup", "option", "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot",
            "th", "thead", "title", "tr", "track", "ul",
        ].map { Array($0.utf8) })
}
