/// Header fields in arrival order; names compare case-insensitively (RFC 9110 §5.1).
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [(name: String, value: String)]

    public init() { fields = [] }

    public init(_ fields: [(String, String)]) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value for `name`; setting replaces every field of that name (nil removes them).
    public subscript(name: String) -> String? {
        get { fields.first { Self.namesMatch($0.name, name) }?.value }
        set {
            if let index = fields.firstIndex(where: { Self.namesMatch($0.name, name) }), let newValue {
                fields[index].value = newValue
                let tail = fields[(index + 1)...].filter { !Self.namesMatch($0.name, name) }
                fields.replaceSubrange((index + 1)..., with: tail)
            } else {
                fields.removeAll { Self.namesMatch($0.name, name) }
                if let newValue { fields.append((name: name, value: newValue)) }
            }
        }
    }

    /// Every value for `name`, in order (for repeated fields such as `Set-Cookie`).
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    public func contains(_ name: String) -> Bool {
        fields.contains { Self.namesMatch($0.name, name) }
    }

    /// Appends a field even if one of that name exists.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { namesMatch($0.name, $1.name) && $0.value == $1.value }
    }

    /// ASCII case folding only: header names are tokens, so Unicode folding would be wrong and slow.
    static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8, right = rhs.utf8
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { asciiLower($0) == asciiLower($1) }
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte | 0x20 : byte
    }
}
