/// Block structure, line by line, after cmark's algorithm (blocks.c): match the open containers, open
/// new ones, add the rest of the line. Every step looks at a bounded part of the line, so the whole pass
/// is linear; container nesting deeper than `maximumNesting` is read as paragraph text instead.
struct BlockState {
    var open = true
    var lastLineBlank = false
    var fenced = false
    var setext = false
    var fenceCharacter: UInt8 = 0
    var fenceLength = 0
    var fenceOffset = 0
    var htmlType = 0
    var markerOffset = 0
    var padding = 0
    var bulletCharacter: UInt8 = 0
    var ordered = false
    var delimiter: UInt8 = 0
    var start = 0
    var startLine = 0
    var depth = 0
    var content: [UInt8] = []
    /// Where each line of a paragraph's or heading's content came from, for its inlines' positions.
    var sourceLines: [SourceLine] = []
    /// Content taken off the front (link reference definitions): `sourceLines` offsets count it.
    var removedPrefix = 0
    var alignments: [ColumnAlignment] = []
}

/// A line of block content: its offset in the content, and the input line and byte column it starts at.
struct SourceLine {
    var offset: Int32
    var line: Int32
    var column: Int32
}

/// The list marker at the start of a line.
struct ListMarker {
    var ordered: Bool
    var bulletCharacter: UInt8
    var delimiter: UInt8
    var start: Int
    var length: Int
}

/// How deep containers (block quotes, lists) may nest; deeper markers are text.
let maximumNesting = 100

struct MarkdownParser {
    var input: [UInt8]
    let options: MarkdownOptions
    var nodes: [NodeRecord] = [NodeRecord(kind: .document)]
    var blocks: [BlockState] = [BlockState()]
    var bytes: [UInt8] = []
    var references: [[UInt8]: (url: Range<Int32>, title: Range<Int32>)] = [:]
    /// cmark's `max_ref_size`: the bytes of destinations and titles all reference links together may expand to,
    /// the input's size and at least 100,000, so that one long definition used many times cannot make a page many
    /// times the input. A use that would pass it is no link.
    let referenceBudget: Int
    var referenceBytesUsed = 0

    // The line being read.
    var lineStart = 0
    var lineEnd = 0
    var lineNumber = 0
    var offset = 0
    var column = 0
    var firstNonspace = 0
    var firstNonspaceColumn = 0
    var indent = 0
    var blank = false
    var partiallyConsumedTab = false
    var thematicBreakKillPosition = 0
    var current: Int32 = 0

    /// `validUTF8`: the bytes are a `String`'s, so only NULs can need replacing.
    static func parse(_ source: [UInt8], options: MarkdownOptions, validUTF8: Bool = false) -> MarkdownDocument {
        let input = validUTF8 && !source.withUnsafeBufferPointer({ $0.contains(0) }) ? source : UTF8Repair.repaired(source)
        var parser = MarkdownParser(input: input, options: options)
        parser.nodes[0].line = 1
        parser.nodes[0].column = 1
        parser.parseBlocks()
        parser.parseInlines()
        return MarkdownDocument(nodes: parser.nodes, bytes: parser.bytes, options: options)
    }

    init(input: [UInt8], options: MarkdownOptions) {
        self.input = input
        self.options = options
        referenceBudget = max(input.count, 100_000)
        bytes.reserveCapacity(input.count + input.count / 8)
        // About one node in 8 bytes of Markdown and one block in 32 (an article with tables and lists): reserved pages
        // cost nothing until used, while doubling a big document's arrays would copy them and hold both copies.
        nodes.reserveCapacity(input.count / 8 + 16)
        blocks.reserveCapacity(input.count / 32 + 16)
    }

    // MARK: Lines

    mutating func parseBlocks() {
        var start = 0
        let count = input.count
        while start < count {
            var end = start
            input.withUnsafeBufferPointer { buffer in
                while end < count && buffer[end] != 0x0A && buffer[end] != 0x0D { end += 1 }
            }
            processLine(start, end)
            var next = end
            if next < count && input[next] == 0x0D { next += 1 }
            if next < count && input[next] == 0x0A { next += 1 }
            start = next
        }
        while current != 0 { current = finalize(current) }
        _ = finalize(0)
    }

    @inline(__always) func peek(_ index: Int) -> UInt8 { index < lineEnd ? input[index] : 0x0A }

    mutating func findFirstNonspace() {
        var position = offset
        var columns = column
        var charsToTab = 4 - (column % 4)
        while position < lineEnd {
            let c = input[position]
            if c == 0x20 {
                position += 1
                columns += 1
                charsToTab -= 1
                if charsToTab == 0 { charsToTab = 4 }
            } else if c == 0x09 {
                position += 1
                columns += charsToTab
                charsToTab = 4
            } else {
                break
            }
        }
        firstNonspace = position
        firstNonspaceColumn = columns
        indent = columns - column
        blank = position >= lineEnd
    }

    mutating func advanceOffset(_ amount: Int, columns: Bool) {
        var count = amount
        while count > 0 && offset < lineEnd {
            if input[offset] == 0x09 {
                let charsToTab = 4 - (column % 4)
                if columns {
                    partiallyConsumedTab = charsToTab > count
                    let advance = min(count, charsToTab)
                    column += advance
                    offset += partiallyConsumedTab ? 0 : 1
                    count -= advance
                } else {
                    partiallyConsumedTab = false
                    column += charsToTab
                    offset += 1
                    count -= 1
                }
            } else {
                partiallyConsumedTab = false
                offset += 1
                column += 1
                count -= 1
            }
        }
    }

    /// Appends the rest of the line (a partly consumed tab as the spaces it stands for) and a newline.
    mutating func addLine(to block: Int32) {
        let index = Int(block)
        if nodes[index].kind == .paragraph || nodes[index].kind == .heading {
            blocks[index].sourceLines.append(SourceLine(
                offset: Int32(blocks[index].content.count), line: Int32(lineNumber), column: Int32(offset - lineStart + 1)))
        }
        if partiallyConsumedTab {
            offset += 1
            let charsToTab = 4 - (column % 4)
            blocks[index].content.append(contentsOf: repeatElement(0x20, count: charsToTab))
        }
        if offset < lineEnd { blocks[index].content.append(contentsOf: input[offset..<lineEnd]) }
        blocks[index].content.append(0x0A)
    }

    // MARK: Tree

    mutating func appendChild(_ parent: Int32, _ kind: NodeKind) -> Int32 {
        let index = Int32(nodes.count)
        var record = NodeRecord(kind: kind)
        record.parent = parent
        let last = nodes[Int(parent)].lastChild
        record.previous = last
        if last >= 0 { nodes[Int(last)].next = index } else { nodes[Int(parent)].firstChild = index }
        nodes[Int(parent)].lastChild = index
        nodes.append(record)
        return index
    }

    mutating func unlink(_ node: Int32) {
        let record = nodes[Int(node)]
        if record.previous >= 0 { nodes[Int(record.previous)].next = record.next }
        else if record.parent >= 0 { nodes[Int(record.parent)].firstChild = record.next }
        if record.next >= 0 { nodes[Int(record.next)].previous = record.previous }
        else if record.parent >= 0 { nodes[Int(record.parent)].lastChild = record.previous }
        nodes[Int(node)].parent = -1
        nodes[Int(node)].next = -1
        nodes[Int(node)].previous = -1
    }

    func canContain(_ parent: Int32, _ kind: NodeKind) -> Bool {
        switch nodes[Int(parent)].kind {
        case .document, .blockQuote, .item: kind != .item && kind != .tableRow
        case .list: kind == .item
        case .table: kind == .tableRow
        default: false
        }
    }

    static func acceptsLines(_ kind: NodeKind) -> Bool {
        kind == .paragraph || kind == .heading || kind == .codeBlock
    }

    mutating func addBlock(_ parent: Int32, _ kind: NodeKind) -> Int32 {
        var parent = parent
        while !canContain(parent, kind) { parent = finalize(parent) }
        return appendBlock(parent, kind)
    }

    /// A child block with its parse state (`blocks` stays parallel to `nodes` for every block).
    mutating func appendBlock(_ parent: Int32, _ kind: NodeKind) -> Int32 {
        let child = appendChild(parent, kind)
        nodes[Int(child)].line = Int32(lineNumber)
        nodes[Int(child)].column = Int32(max(1, firstNonspace - lineStart + 1))
        var state = BlockState()
        state.startLine = lineNumber
        state.depth = blocks[Int(parent)].depth + 1
        blocks.append(state)
        return child
    }

    func lastChildIsOpen(_ node: Int32) -> Bool {
        let last = nodes[Int(node)].lastChild
        return last >= 0 && blocks[Int(last)].open
    }

    // MARK: One line

    mutating func processLine(_ start: Int, _ end: Int) {
        lineStart = start
        lineEnd = end
        offset = start
        column = 0
        blank = false
        partiallyConsumedTab = false
        thematicBreakKillPosition = 0
        lineNumber += 1
        var allMatched = false
        guard var container = checkOpenBlocks(&allMatched) else { return }
        let lastMatched = container
        openNewBlocks(&container, allMatched: allMatched)
        addTextToContainer(container, lastMatched: lastMatched)
    }

    /// Walks the open containers the line continues; nil when the line closed a fenced code block.
    mutating func checkOpenBlocks(_ allMatched: inout Bool) -> Int32? {
        allMatched = false
        var container: Int32 = 0
        while lastChildIsOpen(container) {
            container = nodes[Int(container)].lastChild
            findFirstNonspace()
            let matched: Bool
            switch nodes[Int(container)].kind {
            case .blockQuote:
                matched = indent <= 3 && peek(firstNonspace) == UInt8(ascii: ">")
                if matched {
                    advanceOffset(indent + 1, columns: true)
                    if isSpaceOrTab(peek(offset)) { advanceOffset(1, columns: true) }
                }
            case .item:
                // Fields read one by one: a copy of the whole state would retain and release its arrays on every line.
                let width = blocks[Int(container)].markerOffset + blocks[Int(container)].padding
                if indent >= width {
                    advanceOffset(width, columns: true)
                    matched = true
                } else if blank && nodes[Int(container)].firstChild >= 0 {
                    advanceOffset(firstNonspace - offset, columns: false)
                    matched = true
                } else {
                    matched = false
                }
            case .codeBlock:
                let (fenced, fenceCharacter) = (blocks[Int(container)].fenced, blocks[Int(container)].fenceCharacter)
                let (fenceLength, fenceOffset) = (blocks[Int(container)].fenceLength, blocks[Int(container)].fenceOffset)
                if !fenced {
                    if indent >= 4 {
                        advanceOffset(4, columns: true)
                        matched = true
                    } else if blank {
                        advanceOffset(firstNonspace - offset, columns: false)
                        matched = true
                    } else {
                        matched = false
                    }
                } else if indent <= 3 && peek(firstNonspace) == fenceCharacter
                    && closingFenceLength(at: firstNonspace) >= fenceLength
                {
                    current = finalize(container)
                    return nil
                } else {
                    var remaining = fenceOffset
                    while remaining > 0 && isSpaceOrTab(peek(offset)) {
                        advanceOffset(1, columns: true)
                        remaining -= 1
                    }
                    matched = true
                }
            case .heading:
                matched = false
            case .htmlBlock:
                matched = !(blank && (blocks[Int(container)].htmlType == 6 || blocks[Int(container)].htmlType == 7))
            case .paragraph:
                matched = !blank
            case .table:
                // As cmark-gfm's table extension: a line with no cell (only `|`) is no row, and ends the table.
                matched = !blank && TableRow.hasCells(input[firstNonspace..<lineEnd])
            default:
                matched = true
            }
            if !matched {
                return nodes[Int(container)].parent
            }
        }
        allMatched = true
        return container
    }

    mutating func openNewBlocks(_ container: inout Int32, allMatched: Bool) {
        var maybeLazy = nodes[Int(current)].kind == .paragraph
        var kind = nodes[Int(container)].kind
        while kind != .codeBlock && kind != .htmlBlock {
            findFirstNonspace()
            let indented = indent >= 4
            let tooDeep = blocks[Int(container)].depth >= maximumNesting
            let c = peek(firstNonspace)
            if !indented && c == UInt8(ascii: ">") && !tooDeep {
                advanceOffset(firstNonspace + 1 - offset, columns: false)
                if isSpaceOrTab(peek(offset)) { advanceOffset(1, columns: true) }
                container = addBlock(container, .blockQuote)
            } else if !indented && c == UInt8(ascii: "#"), let (level, length) = atxHeadingStart(at: firstNonspace) {
                advanceOffset(firstNonspace + length - offset, columns: false)
                container = addBlock(container, .heading)
                nodes[Int(container)].number = Int32(level)
            } else if !indented && (c == UInt8(ascii: "`") || c == UInt8(ascii: "~")),
                case let fence = openingFenceLength(at: firstNonspace), fence > 0
            {
                container = addBlock(container, .codeBlock)
                blocks[Int(container)].fenced = true
                blocks[Int(container)].fenceCharacter = c
                blocks[Int(container)].fenceLength = fence
                blocks[Int(container)].fenceOffset = firstNonspace - offset
                advanceOffset(firstNonspace + fence - offset, columns: false)
            } else if !indented && c == UInt8(ascii: "<"),
                case let type = htmlBlockStart(at: firstNonspace, interruptsParagraph: kind == .paragraph || maybeLazy), type > 0
            {
                container = addBlock(container, .htmlBlock)
                blocks[Int(container)].htmlType = type
            } else if !indented && kind == .paragraph && (c == UInt8(ascii: "=") || c == UInt8(ascii: "-")),
                case let level = setextHeadingLevel(at: firstNonspace), level > 0
            {
                if resolveReferenceDefinitions(container) {
                    nodes[Int(container)].kind = .heading
                    nodes[Int(container)].number = Int32(level)
                    blocks[Int(container)].setext = true
                    advanceOffset(lineEnd - offset, columns: false)
                }
            } else if !indented && !(kind == .paragraph && !allMatched) && thematicBreakKillPosition <= firstNonspace,
                thematicBreak(at: firstNonspace)
            {
                container = addBlock(container, .thematicBreak)
                advanceOffset(lineEnd - offset, columns: false)
            } else if (!indented || kind == .list) && indent < 4 && !tooDeep,
                let marker = listMarker(at: firstNonspace, interruptsParagraph: kind == .paragraph)
            {
                openListItem(&container, marker: marker, continuing: kind == .list)
            } else if indented && !maybeLazy && !blank {
                advanceOffset(4, columns: true)
                container = addBlock(container, .codeBlock)
            } else if options.extensions && kind == .paragraph && !indented && tableStart(&container) {
                advanceOffset(lineEnd - offset, columns: false)
            } else {
                break
            }
            kind = nodes[Int(container)].kind
            if Self.acceptsLines(kind) || kind == .table { break }
            maybeLazy = false
        }
    }

    /// A list item's marker and the spaces after it (one to four become its content's indentation; none or five
    /// and more count as one), opening a list first unless the item continues the one `container` is.
    mutating func openListItem(_ container: inout Int32, marker: ListMarker, continuing: Bool) {
        let matched = marker.length
        advanceOffset(firstNonspace + matched - offset, columns: false)
        let savedTab = partiallyConsumedTab
        let savedOffset = offset
        let savedColumn = column
        while column - savedColumn <= 5 && isSpaceOrTab(peek(offset)) {
            advanceOffset(1, columns: true)
        }
        let spaces = column - savedColumn
        var padding: Int
        if spaces >= 5 || spaces < 1 || peek(offset) == 0x0A {
            padding = matched + 1
            offset = savedOffset
            column = savedColumn
            partiallyConsumedTab = savedTab
            if spaces > 0 { advanceOffset(1, columns: true) }
        } else {
            padding = matched + spaces
        }
        if !continuing || !listsMatch(container, marker) {
            container = addBlock(container, .list)
            setListData(container, marker, padding: padding)
            nodes[Int(container)].flags = marker.ordered ? 1 : 0
            if marker.delimiter == UInt8(ascii: ")") { nodes[Int(container)].flags |= 4 }
            nodes[Int(container)].number = Int32(marker.start)
        }
        container = addBlock(container, .item)
        setListData(container, marker, padding: padding)
    }

    mutating func setListData(_ node: Int32, _ marker: ListMarker, padding: Int) {
        blocks[Int(node)].markerOffset = indent
        blocks[Int(node)].padding = padding
        blocks[Int(node)].ordered = marker.ordered
        blocks[Int(node)].bulletCharacter = marker.bulletCharacter
        blocks[Int(node)].delimiter = marker.delimiter
        blocks[Int(node)].start = marker.start
    }

    func listsMatch(_ list: Int32, _ marker: ListMarker) -> Bool {
        blocks[Int(list)].ordered == marker.ordered && blocks[Int(list)].delimiter == marker.delimiter
            && blocks[Int(list)].bulletCharacter == marker.bulletCharacter
    }

    mutating func addTextToContainer(_ start: Int32, lastMatched: Int32) {
        var container = start
        findFirstNonspace()
        if blank, case let last = nodes[Int(container)].lastChild, last >= 0 {
            blocks[Int(last)].lastLineBlank = true
        }
        let kind = nodes[Int(container)].kind
        let lastLineBlank = blank && kind != .blockQuote && kind != .heading && kind != .thematicBreak && kind != .table
            && !(kind == .codeBlock && blocks[Int(container)].fenced)
            && !(kind == .item && nodes[Int(container)].firstChild < 0 && blocks[Int(container)].startLine == lineNumber)
        blocks[Int(container)].lastLineBlank = lastLineBlank
        var ancestor = nodes[Int(container)].parent
        while ancestor >= 0 {
            blocks[Int(ancestor)].lastLineBlank = false
            ancestor = nodes[Int(ancestor)].parent
        }

        if current != lastMatched && container == lastMatched && !blank && nodes[Int(current)].kind == .paragraph {
            addLine(to: current)
            return
        }
        while current != lastMatched { current = finalize(current) }
        switch kind {
        case .codeBlock:
            addLine(to: container)
        case .htmlBlock:
            addLine(to: container)
            if htmlBlockEnds(type: blocks[Int(container)].htmlType) {
                container = finalize(container)
            }
        case _ where blank:
            break
        case .table:
            addTableRow(container)
        case .heading, .paragraph:
            if kind == .heading && !blocks[Int(container)].setext { chopTrailingHashes() }
            advanceOffset(firstNonspace - offset, columns: false)
            addLine(to: container)
        default:
            container = addBlock(container, .paragraph)
            advanceOffset(firstNonspace - offset, columns: false)
            addLine(to: container)
        }
        current = container
    }

    mutating func chopTrailingHashes() {
        var end = lineEnd
        while end > lineStart && isSpaceOrTab(input[end - 1]) { end -= 1 }
        var n = end - 1
        while n >= lineStart && input[n] == UInt8(ascii: "#") { n -= 1 }
        if n != end - 1 && n >= lineStart && isSpaceOrTab(input[n]) {
            end = n
            while end > lineStart && isSpaceOrTab(input[end - 1]) { end -= 1 }
        }
        lineEnd = end
        if offset > lineEnd { offset = lineEnd }
        if firstNonspace > lineEnd { firstNonspace = lineEnd }
    }

    // MARK: Finalizing

    /// Closes a block and returns its parent.
    mutating func finalize(_ block: Int32) -> Int32 {
        let index = Int(block)
        let parent = nodes[index].parent
        guard blocks[index].open else { return parent }
        blocks[index].open = false
        switch nodes[index].kind {
        case .paragraph:
            if !resolveReferenceDefinitions(block) { unlink(block) }
        case .codeBlock:
            finalizeCodeBlock(block)
        case .htmlBlock:
            var content = blocks[index].content
            blocks[index].content = []
            storeLiteral(block, &content)
        case .list:
            nodes[index].flags |= listIsTight(block) ? 2 : 0
        default:
            break
        }
        return parent
    }

    mutating func storeLiteral(_ block: Int32, _ content: inout [UInt8]) {
        let start = Int32(bytes.count)
        bytes.append(contentsOf: content)
        nodes[Int(block)].literalStart = start
        nodes[Int(block)].literalEnd = Int32(bytes.count)
    }

    mutating func finalizeCodeBlock(_ block: Int32) {
        let index = Int(block)
        var content = blocks[index].content
        blocks[index].content = []
        if !blocks[index].fenced {
            // Trailing blank lines are not part of an indented code block.
            var end = content.count
            var lineBreak = end
            var position = end - 1
            while position >= 0 {
                let c = content[position]
                if c == 0x0A { lineBreak = position } else if c != 0x20 && c != 0x09 { break }
                position -= 1
            }
            if position < 0 { end = 0 } else { end = lineBreak }
            content.removeSubrange(end...)
            content.append(0x0A)
            storeLiteral(block, &content)
        } else {
            let newline = content.firstIndex(of: 0x0A) ?? content.count
            // The fence line's rest is the info string.
            let info = Inlines.unescaped(trimmed(content[0..<newline]))
            let infoStart = Int32(bytes.count)
            bytes.append(contentsOf: info)
            nodes[index].extraStart = infoStart
            nodes[index].extraEnd = Int32(bytes.count)
            var body = Array(content[min(newline + 1, content.count)...])
            storeLiteral(block, &body)
        }
    }

    func endsWithBlankLine(_ node: Int32) -> Bool {
        var current = node
        while current >= 0 {
            if blocks[Int(current)].lastLineBlank { return true }
            let kind = nodes[Int(current)].kind
            current = kind == .list || kind == .item ? nodes[Int(current)].lastChild : -1
        }
        return false
    }

    func listIsTight(_ list: Int32) -> Bool {
        var item = nodes[Int(list)].firstChild
        while item >= 0 {
            if blocks[Int(item)].lastLineBlank && nodes[Int(item)].next >= 0 { return false }
            var sub = nodes[Int(item)].firstChild
            while sub >= 0 {
                if (nodes[Int(item)].next >= 0 || nodes[Int(sub)].next >= 0) && endsWithBlankLine(sub) { return false }
                sub = nodes[Int(sub)].next
            }
            item = nodes[Int(item)].next
        }
        return true
    }

    /// Takes link reference definitions off the start of a paragraph; false when nothing else remains.
    mutating func resolveReferenceDefinitions(_ paragraph: Int32) -> Bool {
        let index = Int(paragraph)
        let content = blocks[index].content
        var position = 0
        while position < content.count && content[position] == UInt8(ascii: "[") {
            guard let consumed = parseReferenceDefinition(content, from: position) else { break }
            position = consumed
        }
        if position > 0 {
            blocks[index].content.removeSubrange(0..<position)
            blocks[index].removedPrefix += position
        }
        return blocks[index].content.contains { !isSpaceOrLineEnd($0) }
    }

    /// One definition at `start`; the position after it, or nil.
    mutating func parseReferenceDefinition(_ text: [UInt8], from start: Int) -> Int? {
        guard let (labelEnd, label) = LinkScanner.label(text, at: start), !label.isEmpty else { return nil }
        var position = labelEnd
        guard position < text.count && text[position] == UInt8(ascii: ":") else { return nil }
        position += 1
        position = LinkScanner.skipSpacesAndNewline(text, position)
        guard let (destinationEnd, destination) = LinkScanner.destination(text, at: position, forDefinition: true)
        else { return nil }
        position = destinationEnd
        let beforeTitle = position
        position = LinkScanner.skipSpacesAndNewline(text, position)
        var title: ArraySlice<UInt8>? = nil
        if position != beforeTitle, let (titleEnd, found) = LinkScanner.title(text, at: position) {
            title = found
            position = titleEnd
        } else {
            position = beforeTitle
        }
        var end = LinkScanner.skipSpaces(text, position)
        if end < text.count && text[end] != 0x0A {
            guard title != nil else { return nil }
            title = nil
            end = LinkScanner.skipSpaces(text, beforeTitle)
            guard end >= text.count || text[end] == 0x0A else { return nil }
        }
        if end < text.count { end += 1 }
        let key = LinkScanner.normalizedLabel(label)
        if references[key] == nil {
            let urlStart = Int32(bytes.count)
            bytes.append(contentsOf: Inlines.unescaped(destination))
            let titleStart = Int32(bytes.count)
            if let title { bytes.append(contentsOf: Inlines.unescaped(title)) }
            references[key] = (urlStart..<titleStart, titleStart..<Int32(bytes.count))
        }
        return end
    }
}

@inline(__always) func isSpaceOrTab(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }
@inline(__always) func isSpaceOrLineEnd(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

func trimmed(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var start = text.startIndex
    var end = text.endIndex
    while start < end && isWhitespace(text[start]) { start += 1 }
    while end > start && isWhitespace(text[end - 1]) { end -= 1 }
    return text[start..<end]
}

/// cmark's `isspace`: space, tab, line feed, vertical tab, form feed, carriage return.
@inline(__always) func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }
