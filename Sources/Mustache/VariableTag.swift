/// An interpolation tag of a compiled `Template` (a side-table entry).
struct VariableTag: Sendable {
    let name: Name
    let offset: Int
}
