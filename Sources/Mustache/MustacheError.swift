/// An error in a template, in JSON input, or raised while rendering (strict mode, recursion).
///
/// It names the template, line and column, carries the offending source line, and lists the
/// chain of partials that led to it; `description` is the multi-line text to print to users:
///
///     error: unclosed section 'items': no {{/items}} before the end of the template
///       --> card:3:5
///        |
///      3 | <ul>{{#items}}
///        |     ^
///       included from: page:12:3 → list:4:1
public struct MustacheError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong, without position.
    public enum Kind: Sendable, Equatable {
        case unclosedSection(String)
        case mismatchedClosingTag(expected: String, found: String)
        case unexpectedClosingTag(String)
        case unclosedTag
        case badDelimiters
        case invalidTag
        case nestingTooDeep
        case unknownPartial(String)
        case unknownTemplate(String)
        /// A template directory or file that cannot be read (the path).
        case unreadable(String)
        case missingVariable(String)
        case recursionTooDeep
        case invalidJSON
    }

    /// Where a partial (or parent) was included from, outermost first in `partialChain`.
    public struct Inclusion: Sendable, Equatable, CustomStringConvertible {
        public let templateName: String
        public let line: Int
        public let column: Int
        public var description: String { "\(templateName):\(line):\(column)" }
    }

    public let kind: Kind
    public let message: String
    public let templateName: String
    /// 1-based line of the error.
    public let line: Int
    /// 1-based column (in Unicode scalars) of the error.
    public let column: Int
    /// The full source line holding the error, without its line break.
    public let sourceLine: String
    /// The templates and tags that included the failing template, outermost first.
    public internal(set) var partialChain: [Inclusion]

    /// Spaces and a caret under `column` of `sourceLine` (tabs kept so the caret lines up).
    public var caretLine: String {
        var caret = ""
        for (index, scalar) in sourceLine.unicodeScalars.enumerated() where index < column - 1 {
            caret.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
        }
        return caret + "^"
    }

    public var description: String {
        switch kind {
        case .unknownTemplate, .unreadable:
            // Nothing in any source to point at.
            return "error: \(message)"
        default:
            break
        }
        let number = String(line)
        let gutter = String(repeating: " ", count: number.count)
        var text = """
            error: \(message)
              --> \(templateName):\(line):\(column)
             \(gutter) |
             \(number) | \(sourceLine)
             \(gutter) | \(caretLine)
            """
        if !partialChain.isEmpty {
            text += "\n  included from: " + partialChain.map(\.description).joined(separator: " → ")
        }
        return text
    }

    /// Builds an error at a byte offset of `source`, deriving line, column and source line.
    init(_ kind: Kind, _ message: String, templateName: String, source: [UInt8], offset: Int) {
        let position = SourcePosition(source: source, offset: offset)
        self.kind = kind
        self.message = message
        self.templateName = templateName
        self.line = position.line
        self.column = position.column
        self.sourceLine = position.lineText
        self.partialChain = []
    }
}

/// Line, column and line text of a byte offset; computed only when an error is reported.
struct SourcePosition {
    let line: Int
    let column: Int
    let lineText: String

    init(source: [UInt8], offset: Int) {
        let offset = max(0, min(offset, source.count))
        var line = 1
        var lineStart = 0
        for index in 0..<offset where source[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        var lineEnd = offset
        while lineEnd < source.count, source[lineEnd] != UInt8(ascii: "\n"), source[lineEnd] != UInt8(ascii: "\r") {
            lineEnd += 1
        }
        // Columns count scalars, not bytes: skip UTF-8 continuation bytes.
        var column = 1
        for index in lineStart..<offset where source[index] & 0xC0 != 0x80 {
            column += 1
        }
        self.line = line
        self.column = column
        self.lineText = String(decoding: source[lineStart..<lineEnd], as: UTF8.self)
    }
}
