// Side tables of a compiled `Template`, one entry per tag that needs more than an `Instruction`.

struct VariableTag: Sendable {
    let name: Name
    let offset: Int
}

struct SectionTag: Sendable {
    let name: Name
    let inverted: Bool
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
