/// A template parsed once into a tree, rendered any number of times.
final class Template: Sendable {
    let name: String
    let source: [UInt8]
    let nodes: [Node]
    /// Named partials this template uses that its library does not hold, with their tag offsets.
    let unresolvedPartials: [UnresolvedPartial]

    struct UnresolvedPartial: Sendable {
        let name: String
        let offset: Int
    }

    init(name: String, source: [UInt8], nodes: [Node], unresolvedPartials: [UnresolvedPartial]) {
        self.name = name
        self.source = source
        self.nodes = nodes
        self.unresolvedPartials = unresolvedPartials
    }
}
