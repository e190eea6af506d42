/// A section or inverted section tag of a compiled `Template` (a side-table entry).
struct SectionTag: Sendable {
    let name: Name
    let inverted: Bool
    /// The raw section text, handed to lambdas.
    let body: Range<Int>
    let delimiters: Delimiters
    let offset: Int
}
