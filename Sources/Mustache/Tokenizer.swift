/// Splits template source into text and tag tokens, following delimiter changes and pairing
/// every section-like tag with its close tag.
struct Tokenizer {
    /// Deeper nesting is refused so rendering can never exhaust the stack.
    static let maximumNesting = 100

    private let name: String
    private let source: [UInt8]
    private var delimiters: Delimiters
    private var tokens: [Token] = []
    private var openTags: [Int] = []

    init(name: String, source: [UInt8], delimiters: Delimiters) {
        self.name = name
        self.source = source
        self.delimiters = delimiters
    }

    mutating func tokenize() throws -> [Token] {
        var position = 0
        while position < source.count {
            guard let tagStart = find(delimiters.open, from: position) else {
                appendText(position..<source.count)
                break
            }
            appendText(position..<tagStart)
            position = try scanTag(at: tagStart)
        }
        if let unclosed = openTags.last {
            let tag = tokens[unclosed]
            throw error(.unclosedSection(tag.content),
                        "unclosed section '\(tag.content)': no closing tag before the end of the template", at: tag.offset)
        }
        return tokens
    }

    private func error(_ kind: MustacheError.Kind, _ message: String, at offset: Int) -> MustacheError {
        MustacheError(kind, message, templateName: name, source: source, offset: offset)
    }

    /// Text is cut after each line break so the standalone analysis can work line by line.
    private mutating func appendText(_ range: Range<Int>) {
        var start = range.lowerBound
        var index = start
        while index < range.upperBound {
            if source[index] == UInt8(ascii: "\n") {
                tokens.append(textToken(start..<index + 1, endsLine: true))
                start = index + 1
            }
            index += 1
        }
        if start < range.upperBound {
            tokens.append(textToken(start..<range.upperBound, endsLine: false))
        }
    }

    private func textToken(_ range: Range<Int>, endsLine: Bool) -> Token {
        Token(kind: .text, range: range, endsLine: endsLine, content: "", offset: range.lowerBound, delimiters: delimiters)
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, source.count >= needle.count else { return nil }
        var index = start
        let last = source.count - needle.count
        while index <= last {
            if source[index] == first {
                var matched = true
                for offset in 1..<needle.count where source[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    /// Reads the tag starting at `start` and returns the offset just after it.
    private mutating func scanTag(at start: Int) throws -> Int {
        let afterOpen = start + delimiters.open.count
        guard afterOpen < source.count else {
            throw error(.unclosedTag, "unclosed tag: no '\(text(delimiters.close))' after '\(text(delimiters.open))'", at: start)
        }
        let kind: Token.Kind
        var contentStart = afterOpen + 1
        var terminator = delimiters.close
        switch source[afterOpen] {
        case UInt8(ascii: "{"):
            kind = .unescapedVariable
            terminator = [UInt8(ascii: "}")] + delimiters.close
        case UInt8(ascii: "&"): kind = .unescapedVariable
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .invertedSection
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: "="):
            kind = .setDelimiters
            terminator = [UInt8(ascii: "=")] + delimiters.close
        default:
            kind = .variable
            contentStart = afterOpen
        }
        guard let contentEnd = find(terminator, from: contentStart) else {
            throw error(.unclosedTag, "unclosed tag: no '\(text(terminator))' after '\(text(delimiters.open))'", at: start)
        }
        let end = contentEnd + terminator.count
        let content = text(source[contentStart..<contentEnd]).trimmingWhitespace()
        var token = Token(kind: kind, range: start..<end, endsLine: false, content: content, offset: start,
                          delimiters: delimiters)
        switch kind {
        case .comment:
            break
        case .setDelimiters:
            delimiters = try parseDelimiters(content, at: start)
        default:
            try validate(content, kind: kind, at: start)
        }
        try pair(&token)
        tokens.append(token)
        return end
    }

    private mutating func pair(_ token: inout Token) throws {
        token.enclosing = openTags.last ?? -1
        if token.kind.opensSection {
            guard openTags.count < Self.maximumNesting else {
                throw error(.nestingTooDeep, "sections nested more than \(Self.maximumNesting) deep", at: token.offset)
            }
            openTags.append(tokens.count)
        } else if token.kind == .close {
            guard let opener = openTags.last else {
                throw error(.unexpectedClosingTag(token.content),
                            "closing tag '\(token.content)' does not close any open section", at: token.offset)
            }
            guard closes(tokens[opener], with: token.content) else {
                let expected = tokens[opener].content
                throw error(.mismatchedClosingTag(expected: expected, found: token.content),
                            "mismatched closing tag: expected '\(expected)' but found '\(token.content)'", at: token.offset)
            }
            openTags.removeLast()
            token.match = opener
            token.enclosing = openTags.last ?? -1
            tokens[opener].match = tokens.count
        }
    }

    /// A dynamic parent `{{<*layout}}` may be closed by `{{/*layout}}` or `{{/layout}}`.
    private func closes(_ opener: Token, with name: String) -> Bool {
        if opener.content == name { return true }
        guard opener.kind == .parent, opener.content.first == "*" else { return false }
        let dynamicName = opener.content.dropFirst().drop(while: \.isWhitespace)
        return dynamicName == name.drop(while: { $0 == "*" || $0.isWhitespace })
    }

    private func validate(_ content: String, kind: Token.Kind, at offset: Int) throws {
        var name = Substring(content)
        if kind == .partial || kind == .parent {
            guard name.first == "*" else {
                // Static partial names are file names: anything but whitespace.
                if name.isEmpty || name.contains(where: \.isWhitespace) {
                    throw error(.invalidTag, "invalid partial name '\(content)'", at: offset)
                }
                return
            }
            name = name.dropFirst().drop(while: \.isWhitespace)
        }
        if name.isEmpty || name.contains(where: \.isWhitespace) || Name(String(name)) == nil {
            throw error(.invalidTag, "invalid tag name '\(content)'", at: offset)
        }
    }

    private func parseDelimiters(_ content: String, at offset: Int) throws -> Delimiters {
        let parts = content.split(whereSeparator: \.isWhitespace)
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw error(.badDelimiters,
                        "bad delimiter change '\(content)': expected two markers without '=' or spaces, as in {{=<% %>=}}",
                        at: offset)
        }
        return Delimiters(open: Array(parts[0].utf8), close: Array(parts[1].utf8))
    }

    private func text<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}

/// One piece of a template as the tokenizer sees it: a run of text (ending at most at one line
/// break) or a tag, with what the standalone analysis learns about it.
struct Token {
    enum Kind: Equatable {
        case text
        case variable
        case unescapedVariable
        case section
        case invertedSection
        case close
        case partial
        case parent
        case block
        case comment
        case setDelimiters

        /// Tags that vanish with their line when they stand alone on it.
        var canStandAlone: Bool {
            switch self {
            case .text, .variable, .unescapedVariable: return false
            default: return true
            }
        }

        var opensSection: Bool {
            self == .section || self == .invertedSection || self == .parent || self == .block
        }
    }

    let kind: Kind
    /// Text: the bytes still to output (narrowed by standalone and indentation rules).
    /// Tag: from the first byte of the opening delimiter to the last byte of the closing one.
    var range: Range<Int>
    /// Whether the token, as written, ends with a line break (text only).
    let endsLine: Bool
    /// Trimmed tag content after the sigil (the name, or the partial name with any `*`).
    let content: String
    /// Byte offset reported in errors about this tag.
    let offset: Int
    /// Delimiters in effect at this tag; a section's lambda renders with them.
    let delimiters: Delimiters

    /// The tag is alone on its line, which is removed from the output.
    var standalone = false
    /// Partial, parent, block: whitespace before the tag on its line, re-applied to every line it renders.
    var indentation: [UInt8] = []
    /// Close tag: index of the opening tag it closes. Opening tag: index of its close tag.
    var match = -1
    /// Index of the innermost enclosing section-like tag, or -1 at top level.
    var enclosing = -1
}

/// The opening and closing tag markers in effect at a point of a template.
struct Delimiters: Sendable, Equatable {
    var open: [UInt8]
    var close: [UInt8]

    static let standard = Delimiters(open: Array("{{".utf8), close: Array("}}".utf8))
}

extension String {
    /// Tag contents may be padded (`{{ name }}`), including with line breaks.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
