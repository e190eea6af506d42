/// A Mustache lambda written as a Swift closure.
///
/// In an interpolation (`{{name}}`) the closure receives `""` and its result is rendered as a
/// template with the default delimiters, then escaped as the tag asks. In a section
/// (`{{#name}}…{{/name}}`) it receives the raw, unrendered section text and its result is
/// rendered with the delimiters current at the section. In an inverted section a lambda is truthy.
public struct MustacheLambda: Sendable {
    private let body: @Sendable (String) -> String

    public init(_ body: @escaping @Sendable (String) -> String) {
        self.body = body
    }

    public func callAsFunction(_ text: String) -> String {
        body(text)
    }
}
