/// The opening and closing tag markers in effect at a point of a template.
struct Delimiters: Sendable, Equatable {
    var open: [UInt8]
    var close: [UInt8]

    static let standard = Delimiters(open: Array("{{".utf8), close: Array("}}".utf8))
}
