/// Unkeyed container of `ValueEncoder`.
struct UnkeyedValueContainer: UnkeyedEncodingContainer {
    let array: EncodingArray
    let codingPath: [any CodingKey]

    var count: Int { array.items.count }

    private func append(_ value: MustacheValue) {
        array.items.append(.value(value))
    }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(.double(value)) }
    mutating func encode(_ value: Float) throws { append(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { append(.int(value)) }
    mutating func encode(_ value: Int8) throws { append(ValueEncoder.value(value)) }
    mutating func encode(_ value: Int16) throws { append(ValueEncoder.value(value)) }
    mutating func encode(_ value: Int32) throws { append(ValueEncoder.value(value)) }
    mutating func encode(_ value: Int64) throws { append(ValueEncoder.value(value)) }
    mutating func encode(_ value: UInt) throws { append(ValueEncoder.value(value)) }
    mutating func encode(_ value: UInt8) throws { append(ValueEncoder.value(value)) }
    mutating func encode(_ value: UInt16) throws { append(ValueEncoder.value(value)) }
    mutating func encode(_ value: UInt32) throws { append(ValueEncoder.value(value)) }
    mutating func encode(_ value: UInt64) throws { append(ValueEncoder.value(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.items.append(try ValueEncoder.node(for: value, at: codingPath + [IndexKey(count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodingObject()
        let path = codingPath + [IndexKey(count)]
        array.items.append(.object(nested))
        return KeyedEncodingContainer(KeyedValueContainer<NestedKey>(object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = EncodingArray()
        let path = codingPath + [IndexKey(count)]
        array.items.append(.array(nested))
        return UnkeyedValueContainer(array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let holder = EncodingObject()
        array.items.append(.object(holder))
        return SuperEncoder(object: holder, key: "super", codingPath: codingPath + [IndexKey(count - 1)])
    }
}
