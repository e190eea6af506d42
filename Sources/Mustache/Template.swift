/// A template parsed once into a tree, rendered any number of times.
struct Template: Sendable {
    let name: String
    let source: [UInt8]
    let nodes: [Node]
    /// Named partials this template uses that its library does not hold, with their tag offsets.
    let unresolvedPartials: [(name: String, offset: Int)]
}
