import Foundation

extension MustacheValue {
    /// Converts any `Encodable` value (structs, enums with raw values, arrays, dictionaries with
    /// string keys, optionals) into a `MustacheValue` through an `Encoder`, without reflection.
    /// Nil optionals become `.null`; `URL`s become their absolute string; `Date`s ISO 8601 text.
    public init(encoding value: some Encodable) throws {
        self = try ValueEncoder.node(for: value, at: []).finished
    }
}

/// A type that knows its own `MustacheValue`. `MustacheValue(encoding:)` uses it instead of going
/// through `Encoder`, wherever the type appears in the encoded value: the fast path for small
/// values that occur thousands of times on a page (cards in a grid, rows in a list).
public protocol MustacheConvertible {
    var mustacheValue: MustacheValue { get }
}

/// The `Encoder` behind `MustacheValue(encoding:)`.
final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// Set by the first container the encoded value asks for.
    var node: EncodingNode?

    init(codingPath: [any CodingKey]) {
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: EncodingObject
        if case .object(let existing)? = node {
            object = existing
        } else {
            object = EncodingObject()
            node = .object(object)
        }
        return KeyedEncodingContainer(KeyedValueContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodingArray
        if case .array(let existing)? = node {
            array = existing
        } else {
            array = EncodingArray()
            node = .array(array)
        }
        return UnkeyedValueContainer(array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self)
    }

    /// Encodes a nested value. URLs become their absolute string and dates ISO 8601 text, which is
    /// what a template wants to print (their own `Encodable` forms are not).
    static func node<T: Encodable>(for value: T, at codingPath: [any CodingKey]) throws -> EncodingNode {
        switch value {
        case let text as String: return .value(.string(text))
        case let number as Int: return .value(.int(number))
        case let flag as Bool: return .value(.bool(flag))
        case let number as Double: return .value(.double(number))
        case let url as URL: return .value(.string(url.absoluteString))
        case let date as Date: return .value(.string(date.formatted(.iso8601)))
        case let convertible as any MustacheConvertible: return .value(convertible.mustacheValue)
        default:
            let encoder = ValueEncoder(codingPath: codingPath)
            try value.encode(to: encoder)
            return encoder.node ?? .object(EncodingObject())
        }
    }

    static func value(_ number: some BinaryInteger) -> MustacheValue {
        if let exact = Int(exactly: number) { return .int(exact) }
        return .double(Double(number))
    }
}

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

/// The encoder `superEncoder()` returns: whatever it encodes lands under one key of the object.
final class SuperEncoder: Encoder {
    private let object: EncodingObject
    private let key: String
    private let inner: ValueEncoder

    var codingPath: [any CodingKey] { inner.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(object: EncodingObject, key: String, codingPath: [any CodingKey]) {
        self.object = object
        self.key = key
        self.inner = ValueEncoder(codingPath: codingPath)
    }

    deinit {
        object.members[key] = inner.node ?? .object(EncodingObject())
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        inner.container(keyedBy: type)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { inner.unkeyedContainer() }
    func singleValueContainer() -> any SingleValueEncodingContainer { inner.singleValueContainer() }
}

/// A value under construction while encoding: containers hand out references to their parts so
/// nested containers can keep filling them after they were handed out.
enum EncodingNode {
    case value(MustacheValue)
    case object(EncodingObject)
    case array(EncodingArray)

    var finished: MustacheValue {
        switch self {
        case .value(let value): return value
        case .object(let object): return .object(object.members.mapValues(\.finished))
        case .array(let array): return .array(array.items.map(\.finished))
        }
    }
}

/// An object being encoded; shared by reference with the containers that fill it.
final class EncodingObject {
    var members: [String: EncodingNode] = [:]
}

/// An array being encoded; shared by reference with the containers that fill it.
final class EncodingArray {
    var items: [EncodingNode] = []
}

/// The coding key of an array element, for coding paths.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
