/// What a partial or parent tag includes: a fixed template or one named by the context.
enum InclusionTarget: Sendable {
    /// A partial named in the template; `index` is its place in the library, nil when absent.
    case named(String, index: Int?)
    /// `{{>*name}}`: the partial's name is looked up in the context at render time.
    case dynamic(Name)
}
