/// Turns template source into a `Template`: tokenizes, applies the standalone-line and
/// indentation rules once, then compiles the tokens with partial names resolved to indices.
struct Parser {
    private let name: String
    private let source: [UInt8]
    private let delimiters: Delimiters
    private let partialIndex: [String: Int]
    private var tokens: [Token] = []

    init(name: String, source: [UInt8], delimiters: Delimiters = .standard, partialIndex: [String: Int]) {
        self.name = name
        self.source = source
        self.delimiters = delimiters
        self.partialIndex = partialIndex
    }

    mutating func parse() throws -> Template {
        var tokenizer = Tokenizer(name: name, source: source, delimiters: delimiters)
        tokens = try tokenizer.tokenize()
        markStandaloneLines()
        reindentBlockArguments()
        applyIntrinsicBlockIndentation()
        var compiler = TemplateCompiler(source: source, partialIndex: partialIndex)
        return compiler.compile(tokens, name: name)
    }

    // MARK: Standalone lines

    private func isBlank(_ token: Token) -> Bool {
        var end = token.range.upperBound
        if token.endsLine {
            end -= 1
            if end > token.range.lowerBound, source[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        }
        for index in token.range.lowerBound..<end where source[index] != UInt8(ascii: " ") && source[index] != UInt8(ascii: "\t") {
            return false
        }
        return true
    }

    private func closesParent(_ token: Token) -> Bool {
        token.kind == .close && tokens[token.match].kind == .parent
    }

    /// A line holding only whitespace and tags that can stand alone disappears from the output.
    /// Parent tags do not count against "one tag per line", so `{{<page}}{{$body}}` and
    /// `{{/body}}{{/page}}` lines are standalone as the inheritance spec requires.
    private mutating func markStandaloneLines() {
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            while lineEnd < tokens.count - 1, !tokens[lineEnd].endsLine { lineEnd += 1 }
            markLine(lineStart...lineEnd)
            lineStart = lineEnd + 1
        }
    }

    private mutating func markLine(_ line: ClosedRange<Int>) {
        var tags = 0
        var countedTags = 0
        var standalone = true
        for index in line {
            let token = tokens[index]
            if token.kind == .text {
                if !isBlank(token) { standalone = false }
            } else if !token.kind.canStandAlone {
                standalone = false
            } else {
                tags += 1
                if token.kind != .parent && !closesParent(token) { countedTags += 1 }
            }
        }
        let leading = tokens[line.lowerBound].kind == .text ? Array(source[tokens[line.lowerBound].range]) : []
        guard standalone, tags > 0, countedTags <= 1 else {
            recordInlineBlockIndentation(line)
            return
        }
        var firstTag = true
        for index in line {
            if tokens[index].kind == .text {
                tokens[index].range = tokens[index].range.lowerBound..<tokens[index].range.lowerBound
            } else {
                tokens[index].standalone = true
                if firstTag {
                    tokens[index].indentation = leading.filter { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                    firstTag = false
                }
            }
        }
    }

    /// A block after nothing but whitespace indents the later lines of an override rendered there
    /// (the whitespace itself stays in the output).
    private mutating func recordInlineBlockIndentation(_ line: ClosedRange<Int>) {
        for index in line {
            let token = tokens[index]
            if token.kind == .text, isBlank(token), !token.endsLine { continue }
            if token.kind == .block, index > line.lowerBound {
                tokens[index].indentation = Array(source[tokens[line.lowerBound].range])
            }
            return
        }
    }

    // MARK: Block indentation

    private func startsLine(_ index: Int) -> Bool {
        index == 0 || tokens[index - 1].endsLine
    }

    private func leadingWhitespace(_ range: Range<Int>) -> [UInt8] {
        Array(source[range].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
    }

    /// The first token after `index` that is not text emptied by the standalone rule.
    private func firstContent(after index: Int) -> Int {
        var next = index + 1
        while next < tokens.count, tokens[next].kind == .text, tokens[next].range.isEmpty { next += 1 }
        return next
    }

    /// An override's own indentation (that of its first line) is removed where it is written,
    /// so the site where it is rendered decides the indentation.
    private mutating func reindentBlockArguments() {
        for index in tokens.indices where tokens[index].kind == .block && tokens[index].standalone {
            let enclosing = tokens[index].enclosing
            guard enclosing >= 0, tokens[enclosing].kind == .parent else { continue }
            let end = tokens[index].match
            let first = firstContent(after: index)
            guard first < end, tokens[first].kind == .text else { continue }
            let prefix = leadingWhitespace(tokens[first].range)
            guard !prefix.isEmpty else { continue }
            for inner in index + 1..<end {
                if tokens[inner].kind == .text {
                    let range = tokens[inner].range
                    if startsLine(inner), source[range].starts(with: prefix) {
                        tokens[inner].range = range.lowerBound + prefix.count..<range.upperBound
                    }
                } else if tokens[inner].indentation.starts(with: prefix) {
                    tokens[inner].indentation.removeFirst(prefix.count)
                }
            }
        }
    }

    /// A standalone block's default content sets the indentation its overrides get.
    private mutating func applyIntrinsicBlockIndentation() {
        for index in tokens.indices where tokens[index].kind == .block && tokens[index].standalone {
            let next = firstContent(after: index)
            guard next < tokens[index].match, tokens[next].kind == .text else { continue }
            tokens[index].indentation = leadingWhitespace(tokens[next].range)
        }
    }
}
