/// A type that knows its own `MustacheValue`. `MustacheValue(encoding:)` uses it instead of going
/// through `Encoder`, wherever the type appears in the encoded value: the fast path for small
/// values that occur thousands of times on a page (cards in a grid, rows in a list).
public protocol MustacheConvertible {
    var mustacheValue: MustacheValue { get }
}
