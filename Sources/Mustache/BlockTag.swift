/// `{{$name}}default{{/name}}`: a place a parent's caller may override.
struct BlockTag: Sendable {
    let name: String
    /// Indentation given to every line of an override rendered here.
    let indentation: [UInt8]
    let standalone: Bool
    let offset: Int
}
