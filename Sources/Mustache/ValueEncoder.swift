import Foundation

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
