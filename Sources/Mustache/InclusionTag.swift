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
