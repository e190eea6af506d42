import Mustache

// Cards and rows appear thousands of times per build (every index page, every cast list); building
// their template values by hand, beside each model, instead of through `Encoder` is most of the render phase's
// speed. Each `mustacheValue` has exactly the keys (and `.null` for nil) the Encodable form gives
// `MustacheValue(encoding:)`: `TemplateValuesTests` holds each to it, key for key.

extension MustacheValue {
    init(_ text: String?) { self = text.map(MustacheValue.string) ?? .null }
    init(_ value: (some MustacheConvertible)?) { self = value?.mustacheValue ?? .null }
    init(_ values: [some MustacheConvertible]) { self = .array(values.map(\.mustacheValue)) }
}

extension PageModel {
    /// Most kinds have a few pages per build: their values come through `Encoder`.
    func templateValue() throws -> MustacheValue { try MustacheValue(encoding: self) }
}

extension PageModel where Self: MustacheConvertible {
    /// The kinds with thousands of pages build their values by hand, chosen when the kind conforms (no run-time
    /// cast).
    func templateValue() -> MustacheValue { mustacheValue }
}
