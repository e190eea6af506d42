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
