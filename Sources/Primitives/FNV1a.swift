/// 64-bit FNV-1a: the same in every process (Swift's `Hasher` is seeded per process), for change detection,
/// ETags and stable names. Not a security measure.
package struct FNV1a: Sendable, Hashable {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    package init(_ bytes: some Sequence<UInt8>) {
        add(bytes)
    }

    package mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
    }

    /// Sixteen hex digits.
    package var hex: String { Self.hex(value) }

    /// Sixteen hex digits of any 64-bit digest.
    package static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
