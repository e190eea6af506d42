import Primitives

/// A digest of values a template is given, fed a word at a time (`FNV1a.addWords`' digest): what a page's key and a
/// record's card are compared by from one build to the next. False from `add(value:)` for a value that cannot be digested (a
/// lambda).
package struct ValueDigest {
    package private(set) var value = FNV1a().value

    package init() {}

    package var hex: String { FNV1a.hex(value) }

    package mutating func add(_ word: UInt64) {
        value = FNV1a.wordStep(value, word)
    }

    /// Its length first, so no two texts in a row read alike.
    package mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            add(UInt64(bytes.count))
            let raw = UnsafeRawBufferPointer(bytes)
            let words = raw.count / 8
            for index in 0..<words { add(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))) }
            var last: UInt64 = 0
            for (shift, byte) in raw[(words * 8)...].enumerated() { last |= UInt64(byte) << (8 * shift) }
            add(last)
        }
    }

    /// False when the value holds a lambda.
    package mutating func add(value: MustacheValue) -> Bool {
        // A tag before each value, so no two values read alike.
        switch value {
        case .string(let text):
            add(1)
            add(text)
        case .int(let number):
            add(2)
            add(UInt64(bitPattern: Int64(number)))
        case .double(let number):
            add(3)
            add(number.bitPattern)
        case .bool(let flag):
            add(flag ? 4 : 5)
        case .null:
            add(6)
        case .array(let items):
            add(7)
            add(UInt64(items.count))
            for item in items where !add(value: item) { return false }
        case .object(let members):
            // Members in any order: each is digested alone and the mixed digests summed, so no keys are sorted.
            add(8)
            add(UInt64(members.count))
            var sum: UInt64 = 0
            for (name, member) in members {
                var inner = ValueDigest()
                inner.add(name)
                guard inner.add(value: member) else { return false }
                sum &+= Self.mixed(inner.value)
            }
            add(sum)
        case .lambda:
            return false
        }
        return true
    }

    /// SplitMix64's finalizer: spreads each member's digest over all 64 bits before they are summed.
    private static func mixed(_ value: UInt64) -> UInt64 {
        var value = value
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
