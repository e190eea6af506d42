/// One step of a compiled template. Instructions are plain values (no references), so the
/// render loop walks them without reference counting; anything bigger lives in the template's
/// side tables, addressed by `operand`.
struct Instruction: Sendable {
    enum Opcode: UInt8, Sendable {
        /// Append `template.text[operand..<end]`.
        case text
        /// Interpolate `template.names[operand]`, escaped or not.
        case escapedVariable
        case rawVariable
        /// `template.sections[operand]`; the section's body is the instructions up to `end`.
        case section
        /// `template.inclusions[operand]` (a partial or a parent); a parent's arguments sit
        /// between this instruction and `end` and are skipped.
        case inclusion
        /// `template.blocks[operand]`; its default content runs up to `end`.
        case block
    }

    let opcode: Opcode
    let operand: Int
    /// For text, the end of the bytes; otherwise the index of the instruction after this one's content.
    var end: Int
}
