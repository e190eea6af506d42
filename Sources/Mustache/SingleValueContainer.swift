/// Single-value container of `ValueEncoder`: stores the value as the encoder's whole result.
struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: MustacheValue) {
        encoder.node = .value(value)
    }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(.double(value)) }
    mutating func encode(_ value: Float) throws { set(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { set(.int(value)) }
    mutating func encode(_ value: Int8) throws { set(ValueEncoder.value(value)) }
    mutating func encode(_ value: Int16) throws { set(ValueEncoder.value(value)) }
    mutating func encode(_ value: Int32) throws { set(ValueEncoder.value(value)) }
    mutating func encode(_ value: Int64) throws { set(ValueEncoder.value(value)) }
    mutating func encode(_ value: UInt) throws { set(ValueEncoder.value(value)) }
    mutating func encode(_ value: UInt8) throws { set(ValueEncoder.value(value)) }
    mutating func encode(_ value: UInt16) throws { set(ValueEncoder.value(value)) }
    mutating func encode(_ value: UInt32) throws { set(ValueEncoder.value(value)) }
    mutating func encode(_ value: UInt64) throws { set(ValueEncoder.value(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.node = try ValueEncoder.node(for: value, at: codingPath)
    }
}
