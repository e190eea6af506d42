/// A template parsed once and compiled into a flat instruction list, rendered any number of times.
final class Template: Sendable {
    let name: String
    let source: [UInt8]
    let program: [Instruction]
    /// All static text of the template, back to back; text instructions address ranges of it.
    let text: [UInt8]
    let variables: [VariableTag]
    let sections: [SectionTag]
    let inclusions: [InclusionTag]
    let blocks: [BlockTag]
    /// Named partials this template uses that its library does not hold, with their tag offsets.
    let unresolvedPartials: [UnresolvedPartial]

    struct UnresolvedPartial: Sendable {
        let name: String
        let offset: Int
    }

    init(name: String, source: [UInt8], program: [Instruction], text: [UInt8], variables: [VariableTag],
         sections: [SectionTag], inclusions: [InclusionTag], blocks: [BlockTag], unresolvedPartials: [UnresolvedPartial]) {
        self.name = name
        self.source = source
        self.program = program
        self.text = text
        self.variables = variables
        self.sections = sections
        self.inclusions = inclusions
        self.blocks = blocks
        self.unresolvedPartials = unresolvedPartials
    }
}
