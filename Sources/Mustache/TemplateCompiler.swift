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
                                       inverted: opening.kind == .invertedSection,
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
