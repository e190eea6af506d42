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
