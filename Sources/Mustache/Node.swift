/// One element of a parsed template. Text is stored as bytes to be appended in bulk.
///
/// Payloads are classes so that walking the tree copies one reference per node, not every field.
enum Node: Sendable {
    case text(TextNode)
    case variable(VariableNode)
    case section(SectionNode)
    case partial(InclusionNode)
    case block(BlockNode)
}

final class TextNode: Sendable {
    let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }
}

final class VariableNode: Sendable {
    let name: Name
    let escaped: Bool
    let offset: Int

    init(name: Name, escaped: Bool, offset: Int) {
        self.name = name
        self.escaped = escaped
        self.offset = offset
    }
}

final class SectionNode: Sendable {
    let name: Name
    let inverted: Bool
    let children: [Node]
    /// The raw section text, handed to lambdas.
    let body: Range<Int>
    let delimiters: Delimiters
    let offset: Int

    init(name: Name, inverted: Bool, children: [Node], body: Range<Int>, delimiters: Delimiters, offset: Int) {
        self.name = name
        self.inverted = inverted
        self.children = children
        self.body = body
        self.delimiters = delimiters
        self.offset = offset
    }
}

/// A partial (`{{>name}}`) or a parent (`{{<name}}…{{/name}}`): a parent is a partial with block arguments.
final class InclusionNode: Sendable {
    let target: InclusionTarget
    /// Applied to every line the included template renders (standalone tags only).
    let indentation: [UInt8]
    let standalone: Bool
    /// Block overrides given inside a parent tag, by block name; nil for a plain partial.
    let arguments: [String: [Node]]?
    let offset: Int

    init(target: InclusionTarget, indentation: [UInt8], standalone: Bool, arguments: [String: [Node]]?, offset: Int) {
        self.target = target
        self.indentation = indentation
        self.standalone = standalone
        self.arguments = arguments
        self.offset = offset
    }
}

enum InclusionTarget: Sendable {
    /// A partial named in the template; `index` is its place in the library, nil when absent.
    case named(String, index: Int?)
    /// `{{>*name}}`: the partial's name is looked up in the context at render time.
    case dynamic(Name)
}

/// `{{$name}}default{{/name}}`: a place a parent's caller may override.
final class BlockNode: Sendable {
    let name: String
    let defaults: [Node]
    /// Indentation given to every line of an override rendered here.
    let indentation: [UInt8]
    let standalone: Bool

    init(name: String, defaults: [Node], indentation: [UInt8], standalone: Bool) {
        self.name = name
        self.defaults = defaults
        self.indentation = indentation
        self.standalone = standalone
    }
}
