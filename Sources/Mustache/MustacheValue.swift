/// A value a template can render: the typed data model of the engine.
///
/// Values are plain data (no `Any`, no reflection), so a context can be built from literals,
/// from JSON (`init(json:)`) or from any `Encodable` (`init(encoding:)`).
public enum MustacheValue: Sendable {
    case string(String)
    /// Integers stay integers: `85` renders as `85`, never `85.0`.
    case int(Int)
    case double(Double)
    case bool(Bool)
    case array([MustacheValue])
    case object([String: MustacheValue])
    case null
    /// A Swift closure used as a Mustache lambda (see `MustacheLambda`).
    case lambda(MustacheLambda)

    /// Whether a section shows (and an inverted section hides) for this value.
    ///
    /// `false`, `null`, the empty string and the empty array are falsey; every number is truthy
    /// (the spec is silent on `0` and `""`; an empty string hiding its section suits HTML pages).
    public var isTruthy: Bool {
        switch self {
        case .bool(let flag): return flag
        case .null: return false
        case .string(let text): return !text.isEmpty
        case .array(let items): return !items.isEmpty
        case .int, .double, .object, .lambda: return true
        }
    }
}

extension MustacheValue: Equatable {
    /// Structural equality; lambdas are never equal to anything (closures cannot be compared).
    public static func == (lhs: MustacheValue, rhs: MustacheValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }
}

extension MustacheValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: MustacheValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }

    /// Later duplicates win, as in JSON objects.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

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
