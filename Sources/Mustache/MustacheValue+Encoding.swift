extension MustacheValue {
    /// Converts any `Encodable` value (structs, enums with raw values, arrays, dictionaries with
    /// string keys, optionals) into a `MustacheValue` through an `Encoder`, without reflection.
    /// Nil optionals become `.null`; `URL`s become their absolute string; `Date`s ISO 8601 text.
    public init(encoding value: some Encodable) throws {
        self = try ValueEncoder.node(for: value, at: []).finished
    }
}
