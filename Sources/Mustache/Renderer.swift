import Primitives

/// Walks a parsed template against a context stack, appending to one byte buffer.
///
/// Indentation of standalone partials is applied while rendering: after a line break that comes
/// from a template, the next text or tag is preceded by the current indentation, even a tag that
/// renders nothing. Line breaks inside values never trigger it, and blank lines get none.
struct Renderer {
    /// Nested sections, partials, blocks and lambdas beyond this depth raise an error instead of
    /// exhausting the stack (a partial that includes itself unconditionally, say).
    static let maximumDepth = 200

    let library: TemplateLibrary
    var output: [UInt8]
    private var stack: [MustacheValue]
    private var indentation: [UInt8] = []
    private var atLineStart = true
    private var depth = 0
    private var overrides: [String: BlockArgument] = [:]

    init(library: TemplateLibrary, context: MustacheValue, output: [UInt8]) {
        self.library = library
        self.output = output
        self.stack = [context]
    }

    mutating func render(_ template: Template) throws {
        try render(0..<template.program.count, of: template)
    }

    mutating func render(_ instructions: Range<Int>, of template: Template) throws {
        try template.program.withUnsafeBufferPointer { program in
            var index = instructions.lowerBound
            while index < instructions.upperBound {
                let instruction = program[index]
                switch instruction.opcode {
                case .text:
                    template.text.withUnsafeBufferPointer { text in
                        appendTemplateText(UnsafeBufferPointer(rebasing: text[instruction.operand..<instruction.end]))
                    }
                case .escapedVariable:
                    try renderVariable(instruction.operand, escaped: true, in: template)
                case .rawVariable:
                    try renderVariable(instruction.operand, escaped: false, in: template)
                case .section:
                    try renderSection(instruction.operand, body: index + 1..<instruction.end, in: template)
                case .inclusion:
                    try renderInclusion(instruction.operand, in: template)
                case .block:
                    try renderBlock(template.blocks[instruction.operand], defaults: index + 1..<instruction.end,
                                    in: template)
                }
                index = instruction.opcode == .text ? index + 1 : instruction.end
            }
        }
    }

    // MARK: Output

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    private mutating func appendTemplateText(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let last = buffer.last else { return }
        guard !indentation.isEmpty else {
            output.append(contentsOf: buffer)
            atLineStart = last == Self.lineFeed
            return
        }
        var lineStart = 0
        for index in 0..<buffer.count where buffer[index] == Self.lineFeed {
            appendLine(UnsafeBufferPointer(rebasing: buffer[lineStart...index]))
            lineStart = index + 1
        }
        if lineStart < buffer.count {
            appendLine(UnsafeBufferPointer(rebasing: buffer[lineStart...]))
        }
    }

    private mutating func appendLine(_ line: UnsafeBufferPointer<UInt8>) {
        if atLineStart, !Self.isBlank(line) { output.append(contentsOf: indentation) }
        output.append(contentsOf: line)
        atLineStart = line[line.count - 1] == Self.lineFeed
    }

    /// Blank lines stay empty, so indenting a partial adds no trailing whitespace; a lone `\r` is
    /// not a line break.
    private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line[0] == lineFeed || (line[0] == carriageReturn && line.count > 1 && line[1] == lineFeed)
    }

    /// A tag (other than a standalone one, whose line is gone) starts a line like text does: the
    /// line keeps its indentation even when the tag renders nothing, as if the indentation had
    /// been written in the included template.
    private mutating func startLine() {
        guard atLineStart else { return }
        output.append(contentsOf: indentation)
        atLineStart = false
    }

    private mutating func appendValue(_ text: String, escaped: Bool) {
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { appendValue(bytes: $0, escaped: escaped) }
        if appended == nil {
            var contiguous = text
            contiguous.withUTF8 { appendValue(bytes: $0, escaped: escaped) }
        }
    }

    private mutating func appendValue(bytes: UnsafeBufferPointer<UInt8>, escaped: Bool) {
        // A value bigger than the room left (a long article's HTML) gets room for itself and an eighth more: doubling
        // to fit it and again for the few bytes after it would copy the page once more and hold twice its size.
        let needed = output.count + bytes.count
        if needed > output.capacity { output.reserveCapacity(max(2 * output.capacity, needed + needed / 8)) }
        if escaped {
            XMLText.appendEscaped(bytes, to: &output)
        } else {
            output.append(contentsOf: bytes)
        }
    }

    // MARK: Lookup

    private func lookup(_ name: Name) -> MustacheValue? {
        guard let first = name.first else { return stack.last }
        var frame = stack.count - 1
        while frame >= 0 {
            if case .object(let members) = stack[frame], let value = Self.member(first, of: members) {
                return name.rest.isEmpty ? value : member(of: value, at: name.rest)
            }
            frame -= 1
        }
        return nil
    }

    /// A small object's names are compared, not hashed: most of a page's objects have a few members, and a name is
    /// looked up in several frames before it is found (hashing was a tenth of a full build).
    @inline(__always)
    private static func member(_ name: String, of members: [String: MustacheValue]) -> MustacheValue? {
        guard members.count <= 8 else { return members[name] }
        var index = members.startIndex
        while index != members.endIndex {
            if members.keys[index] == name { return members.values[index] }
            members.formIndex(after: &index)
        }
        return nil
    }

    /// Dotted names: once the first part is found, the rest must be found inside it.
    private func member(of value: MustacheValue, at path: [String]) -> MustacheValue? {
        var value = value
        for part in path {
            guard case .object(let members) = value, let member = Self.member(part, of: members) else { return nil }
            value = member
        }
        return value
    }

    // MARK: Nodes

    // Tags are read in place from the template's tables (by index), not copied: copying one
    // would retain each of its fields.

    private mutating func renderVariable(_ index: Int, escaped: Bool, in template: Template) throws {
        startLine()
        guard let value = lookup(template.variables[index].name) else {
            guard !library.strict else {
                let variable = template.variables[index]
                throw MustacheError(.missingVariable(variable.name.text),
                                    "missing variable '\(variable.name.text)' (strict mode)",
                                    templateName: template.name, source: template.source, offset: variable.offset)
            }
            return
        }
        switch value {
        case .string(let text): appendValue(text, escaped: escaped)
        case .int(let number): appendValue(String(number), escaped: false)
        case .double(let number): appendValue(Self.format(number), escaped: false)
        case .bool(let flag): appendValue(flag ? "true" : "false", escaped: false)
        case .null, .array, .object: return
        case .lambda(let lambda):
            var nested = Renderer(library: library, context: .null, output: [])
            nested.stack = stack
            nested.overrides = overrides
            nested.depth = depth
            try nested.renderLambdaResult(lambda(""), delimiters: .standard, in: template,
                                          at: template.variables[index].offset)
            appendValue(String(decoding: nested.output, as: UTF8.self), escaped: escaped)
        }
    }

    /// Whole doubles print as integers at any magnitude (`2`, not `2.0`; `1e15` as
    /// `1000000000000000`), with the shortest digits that read back as the same double.
    private static func format(_ number: Double) -> String {
        guard number.isFinite, number == number.rounded() else { return String(number) }
        // Below 2^53 every integer is exactly a double, so its own digits are the shortest.
        if abs(number) < 0x1p53 { return String(Int(number)) }
        // Swift writes the shortest digits, as `9007199254740994.0` or `1.2345e+20`.
        let text = String(number)
        guard let mark = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: mark)...]) else {
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        let digits = String(text[..<mark].filter(\.isWholeNumber))
        let zeros = String(repeating: "0", count: max(0, exponent - (digits.count - 1)))
        return (number < 0 ? "-" : "") + digits + zeros
    }

    private mutating func renderSection(_ index: Int, body: Range<Int>, in template: Template) throws {
        if !template.sections[index].standalone { startLine() }
        let value = lookup(template.sections[index].name)
        let offset = template.sections[index].offset
        if template.sections[index].inverted {
            if !(value?.isTruthy ?? false) {
                try nest(at: offset, in: template) { try $0.render(body, of: template) }
            }
            return
        }
        guard let value, value.isTruthy else { return }
        try nest(at: offset, in: template) { renderer in
            switch value {
            case .array(let items):
                for item in items {
                    renderer.stack.append(item)
                    try renderer.render(body, of: template)
                    renderer.stack.removeLast()
                }
            case .lambda(let lambda):
                let section = template.sections[index]
                let text = String(decoding: template.source[section.body], as: UTF8.self)
                try renderer.renderLambdaResult(lambda(text), delimiters: section.delimiters, in: template, at: offset)
            default:
                renderer.stack.append(value)
                try renderer.render(body, of: template)
                renderer.stack.removeLast()
            }
        }
    }

    private mutating func renderLambdaResult(_ result: String, delimiters: Delimiters, in template: Template,
                                             at offset: Int) throws {
        var parser = Parser(name: "\(template.name) (lambda result)", source: Array(result.utf8),
                            delimiters: delimiters, partialIndex: library.indexByName)
        let parsed = try parser.parse()
        try nest(at: offset, in: template) { try $0.render(parsed) }
    }

    private mutating func renderInclusion(_ index: Int, in template: Template) throws {
        if !template.inclusions[index].standalone { startLine() }
        guard let included = resolve(template.inclusions[index].target) else {
            guard !library.strict else {
                let inclusion = template.inclusions[index]
                let name: String
                switch inclusion.target {
                case .named(let partial, _): name = partial
                case .dynamic(let variable): name = "*" + variable.text
                }
                throw MustacheError(.unknownPartial(name), "unknown partial '\(name)' (strict mode)",
                                    templateName: template.name, source: template.source, offset: inclusion.offset)
            }
            return
        }
        // Indentation is a stack kept in one buffer: entering appends, leaving truncates.
        let indentationCount = indentation.count
        if template.inclusions[index].standalone {
            indentation.append(contentsOf: template.inclusions[index].indentation)
            atLineStart = true
        }
        if let arguments = template.inclusions[index].arguments {
            let savedOverrides = overrides
            // The caller's overrides win over the parent's own arguments (multi-level inheritance).
            var merged = arguments.mapValues { BlockArgument(template: template, instructions: $0) }
            merged.merge(overrides) { _, outer in outer }
            overrides = merged
            try include(included, at: template.inclusions[index].offset, in: template)
            overrides = savedOverrides
        } else {
            try include(included, at: template.inclusions[index].offset, in: template)
        }
        indentation.removeLast(indentation.count - indentationCount)
    }

    private mutating func include(_ included: Template, at offset: Int, in template: Template) throws {
        do {
            try nest(at: offset, in: template) { try $0.render(included) }
        } catch var error as MustacheError {
            let position = SourcePosition(source: template.source, offset: offset)
            error.partialChain.insert(.init(templateName: template.name, line: position.line, column: position.column),
                                      at: 0)
            throw error
        }
    }

    private func resolve(_ target: InclusionTarget) -> Template? {
        switch target {
        case .named(_, let index):
            return index.map { library.templates[$0] }
        case .dynamic(let name):
            guard case .string(let partial)? = lookup(name), let index = library.indexByName[partial] else { return nil }
            return library.templates[index]
        }
    }

    private mutating func renderBlock(_ block: BlockTag, defaults: Range<Int>, in template: Template) throws {
        if !block.standalone { startLine() }
        guard let argument = overrides[block.name] else {
            try render(defaults, of: template)
            return
        }
        let indentationCount = indentation.count
        indentation.append(contentsOf: block.indentation)
        if block.standalone { atLineStart = true }
        try nest(at: block.offset, in: template) { try $0.render(argument.instructions, of: argument.template) }
        indentation.removeLast(indentation.count - indentationCount)
    }

    private mutating func nest(at offset: Int, in template: Template, _ body: (inout Renderer) throws -> Void) throws {
        guard depth < Self.maximumDepth else {
            throw MustacheError(.recursionTooDeep,
                                "templates nest more than \(Self.maximumDepth) levels deep (a partial or lambda that includes itself?)",
                                templateName: template.name, source: template.source, offset: offset)
        }
        depth += 1
        try body(&self)
        depth -= 1
    }
}

/// An override passed to a parent template: instructions of the template it was written in
/// (its text and error positions belong to that template).
struct BlockArgument: Sendable {
    let template: Template
    let instructions: Range<Int>
}
