/// One element of a parsed template. Text is stored as bytes to be appended in bulk.
enum Node: Sendable {
    case text(TextNode)
    case variable(VariableNode)
    case section(SectionNode)
    case partial(InclusionNode)
    case block(BlockNode)
}

struct TextNode: Sendable {
    var bytes: [UInt8]
}

struct VariableNode: Sendable {
    let name: Name
    let escaped: Bool
    let offset: Int
}

struct SectionNode: Sendable {
    let name: Name
    let inverted: Bool
    let children: [Node]
    /// The raw section text, handed to lambdas.
    let body: Range<Int>
    let delimiters: Delimiters
    let offset: Int
}

/// A partial (`{{>name}}`) or a parent (`{{<name}}…{{/name}}`): a parent is a partial with block arguments.
struct InclusionNode: Sendable {
    let target: InclusionTarget
    /// Applied to every line the included template renders (standalone tags only).
    let indentation: [UInt8]
    let standalone: Bool
    /// Block overrides given inside a parent tag, by block name; nil for a plain partial.
    let arguments: [String: [Node]]?
    let offset: Int
}

enum InclusionTarget: Sendable {
    /// A partial named in the template; `index` is its place in the library, nil when absent.
    case named(String, index: Int?)
    /// `{{>*name}}`: the partial's name is looked up in the context at render time.
    case dynamic(Name)
}

/// `{{$name}}default{{/name}}`: a place a parent's caller may override.
struct BlockNode: Sendable {
    let name: String
    let defaults: [Node]
    /// Indentation given to every line of an override rendered here.
    let indentation: [UInt8]
    let standalone: Bool
}
