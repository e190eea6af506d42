/// Keyed container of `ValueEncoder`. Absent optionals (`encodeIfPresent` with nil) are stored
/// as `.null`, so a strict-mode template can print an optional field that is nil.
struct KeyedValueContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: EncodingObject
    let codingPath: [any CodingKey]

    private func set(_ value: MustacheValue, _ key: Key) {
        object.members[key.stringValue] = .value(value)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(.double(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(ValueEncoder.value(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(ValueEncoder.value(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(ValueEncoder.value(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(ValueEncoder.value(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(ValueEncoder.value(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(ValueEncoder.value(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(ValueEncoder.value(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(ValueEncoder.value(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(ValueEncoder.value(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.members[key.stringValue] = try ValueEncoder.node(for: value, at: codingPath + [key])
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { set(value.map { .bool($0) } ?? .null, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { set(value.map { .string($0) } ?? .null, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { set(value.map { .double($0) } ?? .null, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { set(value.map { .double(Double($0)) } ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { set(value.map { .int($0) } ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { set(value.map(ValueEncoder.value) ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { set(value.map(ValueEncoder.value) ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { set(value.map(ValueEncoder.value) ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { set(value.map(ValueEncoder.value) ?? .null, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { set(value.map(ValueEncoder.value) ?? .null, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { set(value.map(ValueEncoder.value) ?? .null, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { set(value.map(ValueEncoder.value) ?? .null, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { set(value.map(ValueEncoder.value) ?? .null, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { set(value.map(ValueEncoder.value) ?? .null, key) }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { return set(.null, key) }
        try encode(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodingObject()
        object.members[key.stringValue] = .object(nested)
        return KeyedEncodingContainer(KeyedValueContainer<NestedKey>(object: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = EncodingArray()
        object.members[key.stringValue] = .array(nested)
        return UnkeyedValueContainer(array: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        SuperEncoder(object: object, key: "super", codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        SuperEncoder(object: object, key: key.stringValue, codingPath: codingPath + [key])
    }
}
