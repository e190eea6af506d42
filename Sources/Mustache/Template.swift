/// A template parsed once and compiled into a flat instruction list, rendered any number of times.
final class Template: Sendable {
    let name: String
    let source: [UInt8]
    let program: [Instruction]
    /// All static text of the template, back to back; text instructions address ranges of it.
    let text: [UInt8]
    let variables: [VariableTag]
    let sections: [SectionTag]
    let inclusions: [InclusionTag]
    let blocks: [BlockTag]
    /// Named partials this template uses that its library does not hold, with their tag offsets.
    let unresolvedPartials: [UnresolvedPartial]

    struct UnresolvedPartial: Sendable {
        let name: String
        let offset: Int
    }

    init(name: String, source: [UInt8], program: [Instruction], text: [UInt8], variables: [VariableTag],
         sections: [SectionTag], inclusions: [InclusionTag], blocks: [BlockTag], unresolvedPartials: [UnresolvedPartial]) {
        self.name = name
        self.source = source
        self.program = program
        self.text = text
        self.variables = variables
        self.sections = sections
        self.inclusions = inclusions
        self.blocks = blocks
        self.unresolvedPartials = unresolvedPartials
    }
}

/// One step of a compiled template. Instructions are plain values (no references), so the
/// render loop walks them without reference counting; anything bigger lives in the template's
/// side tables, addressed by `operand`.
struct Instruction: Sendable {
    enum Opcode: UInt8, Sendable {
        /// Append `template.text[operand..<end]`.
        case text
        /// Interpolate `template.variables[operand]`, escaped or not.
        case escapedVariable
        case rawVariable
        /// `template.sections[operand]`; the section's body is the instructions up to `end`.
        case section
        /// `template.inclusions[operand]` (a partial or a parent); a parent's arguments sit
        /// between this instruction and `end` and are skipped.
        case inclusion
        /// `template.blocks[operand]`; its default content runs up to `end`.
        case block
    }

    let opcode: Opcode
    let operand: Int
    /// For text, the end of the bytes; otherwise the index of the instruction after this one's content.
    var end: Int
}

/// A variable name split once at parse time: `a.b.c` → `a` then `["b", "c"]`; `.` has no parts.
struct Name: Sendable {
    /// The first part, looked up through the context stack; nil for the implicit iterator `.`.
    let first: String?
    /// The parts looked up, in order, inside the value `first` found.
    let rest: [String]
    let text: String

    static let implicitIterator = Name(first: nil, rest: [], text: ".")

    private init(first: String?, rest: [String], text: String) {
        self.first = first
        self.rest = rest
        self.text = text
    }

    /// Nil for names the spec does not allow (empty parts such as `a..b` or `.a`).
    init?(_ text: String) {
        if text == "." {
            self = .implicitIterator
            return
        }
        let split = text.split(separator: ".", omittingEmptySubsequences: false)
        guard let head = split.first, !split.contains(where: \.isEmpty) else { return nil }
        self.init(first: String(head), rest: split.dropFirst().map(String.init), text: text)
    }
}

/// An interpolation tag of a compiled `Template` (a side-table entry).
struct VariableTag: Sendable {
    let name: Name
    let offset: Int
}

/// A section or inverted section tag of a compiled `Template` (a side-table entry).
struct SectionTag: Sendable {
    let name: Name
    let inverted: Bool
    /// Alone on its line, which is removed from the output.
    let standalone: Bool
    /// The raw section text, handed to lambdas.
    let body: Range<Int>
    let delimiters: Delimiters
    let offset: Int
}

/// A partial (`{{>name}}`) or a parent (`{{<name}}…{{/name}}`): a parent is a partial with block arguments.
struct InclusionTag: Sendable {
    let target: InclusionTarget
    /// Applied to every line the included template renders (standalone tags only).
    let indentation: [UInt8]
    let standalone: Bool
    /// Block overrides given inside a parent tag: instruction ranges of this template, by block
    /// name; nil for a plain partial.
    let arguments: [String: Range<Int>]?
    let offset: Int
}

/// What a partial or parent tag includes: a fixed template or one named by the context.
enum InclusionTarget: Sendable {
    /// A partial named in the template; `index` is its place in the library, nil when absent.
    case named(String, index: Int?)
    /// `{{>*name}}`: the partial's name is looked up in the context at render time.
    case dynamic(Name)
}

/// `{{$name}}default{{/name}}`: a place a parent's caller may override.
struct BlockTag: Sendable {
    let name: String
    /// Indentation given to every line of an override rendered here.
    let indentation: [UInt8]
    let standalone: Bool
    let offset: Int
}

/// Builds a `Template`'s instruction list and side tables from analysed tokens.
struct TemplateCompiler {
    private let source: [UInt8]
    private let partialIndex: [String: Int]
    private var program: [Instruction] = []
    private var text: [UInt8] = []
    private var variables: [VariableTag] = []
    private var sections: [SectionTag] = []
    private var inclusions: [InclusionTag] = []
    private var blocks: [BlockTag] = []
    private var unresolved: [Template.UnresolvedPartial] = []
    /// Open section-like tags: the token, its placeholder instruction, and the block arguments
    /// collected so far when it is a parent.
    private var open: [(token: Token, instruction: Int, arguments: [String: Range<Int>])] = []
    /// The text instruction still growing, if the last instruction is one.
    private var growingText: Int?

    init(source: [UInt8], partialIndex: [String: Int]) {
        self.source = source
        self.partialIndex = partialIndex
    }

    mutating func compile(_ tokens: [Token], name: String) -> Template {
        for token in tokens {
            switch token.kind {
            case .text:
                appendText(token.range)
            case .variable, .unescapedVariable:
                // The tokenizer validated the name, so the fallback is never used.
                variables.append(VariableTag(name: Name(token.content) ?? .implicitIterator, offset: token.offset))
                emit(Instruction(opcode: token.kind == .variable ? .escapedVariable : .rawVariable,
                                 operand: variables.count - 1, end: program.count + 1))
            case .comment, .setDelimiters:
                continue
            case .section, .invertedSection, .parent, .block:
                open.append((token, program.count, [:]))
                emit(Instruction(opcode: .text, operand: 0, end: 0))
            case .close:
                close(token)
            case .partial:
                inclusions.append(inclusion(token, arguments: nil))
                emit(Instruction(opcode: .inclusion, operand: inclusions.count - 1, end: program.count + 1))
            }
        }
        return Template(name: name, source: source, program: program, text: text, variables: variables,
                        sections: sections, inclusions: inclusions, blocks: blocks, unresolvedPartials: unresolved)
    }

    private mutating func emit(_ instruction: Instruction) {
        program.append(instruction)
        growingText = nil
    }

    private mutating func appendText(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        text.append(contentsOf: source[range])
        if let growing = growingText {
            program[growing].end = text.count
        } else {
            emit(Instruction(opcode: .text, operand: text.count - range.count, end: text.count))
            growingText = program.count - 1
        }
    }

    private mutating func close(_ closing: Token) {
        let (opening, placeholder, arguments) = open.removeLast()
        let end = program.count
        let instruction: Instruction
        switch opening.kind {
        case .parent:
            inclusions.append(inclusion(opening, arguments: arguments))
            instruction = Instruction(opcode: .inclusion, operand: inclusions.count - 1, end: end)
        case .block:
            blocks.append(BlockTag(name: opening.content, indentation: opening.indentation, standalone: opening.standalone,
                                  offset: opening.offset))
            instruction = Instruction(opcode: .block, operand: blocks.count - 1, end: end)
            if let enclosing = open.last, enclosing.token.kind == .parent {
                open[open.count - 1].arguments[opening.content] = placeholder + 1..<end
            }
        default:
            sections.append(SectionTag(name: Name(opening.content) ?? .implicitIterator,
                                       inverted: opening.kind == .invertedSection, standalone: opening.standalone,
                                       body: opening.range.upperBound..<closing.range.lowerBound,
                                       delimiters: opening.delimiters, offset: opening.offset))
            instruction = Instruction(opcode: .section, operand: sections.count - 1, end: end)
        }
        program[placeholder] = instruction
        growingText = nil
    }

    private mutating func inclusion(_ token: Token, arguments: [String: Range<Int>]?) -> InclusionTag {
        let target: InclusionTarget
        if token.content.first == "*" {
            let dynamicName = String(token.content.dropFirst()).trimmingWhitespace()
            target = .dynamic(Name(dynamicName) ?? .implicitIterator)
        } else {
            let index = partialIndex[token.content]
            if index == nil { unresolved.append(.init(name: token.content, offset: token.offset)) }
            target = .named(token.content, index: index)
        }
        return InclusionTag(target: target, indentation: token.indentation, standalone: token.standalone,
                            arguments: arguments, offset: token.offset)
    }
}
