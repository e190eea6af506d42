/// 64-bit FNV-1a: the same in every process (Swift's `Hasher` is seeded per process), for change detection,
/// ETags and stable names. Not a security measure.
package struct FNV1a: Sendable, Hashable {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    /// A constant, not a stored `static let`: a global's lazy initialisation kept `wordStep` from being inlined into
    /// the page keys' digest, a call per eight bytes of every page's values.
    @inlinable package static var prime: UInt64 { 0x0000_0100_0000_01b3 }

    @inlinable package init() {}

    package init(_ bytes: some Sequence<UInt8>) {
        add(bytes)
    }

    package mutating func add(_ bytes: some Sequence<UInt8>) {
        // Through the generic sequence a byte costs a call: the avatars' 28 MB took half a second of every build.
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            var value = value
            for byte in buffer { value = (value ^ UInt64(byte)) &* Self.prime }
            self.value = value
        }
        if handled == nil {
            for byte in bytes { value = (value ^ UInt64(byte)) &* Self.prime }
        }
    }

    /// FNV-1a's step over eight bytes at a time, with a shift so high bits reach low ones: not FNV-1a's value,
    /// but as stable, for change detection over megabytes (every page of the site, the snapshot, the theme), where
    /// a byte at a time would cost a tenth of a build.
    package mutating func addWords(_ bytes: some Sequence<UInt8>) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            let raw = UnsafeRawBufferPointer(buffer)
            var value = value
            let words = raw.count / 8
            for index in 0..<words {
                value = Self.wordStep(value, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)))
            }
            for byte in raw[(words * 8)...] { value = (value ^ UInt64(byte)) &* Self.prime }
            self.value = value
        }
        if handled == nil { addWords(Array(bytes)) }
    }

    /// `addWords`' step over one word, for a digest of values rather than bytes (a page's template values), inlined
    /// across modules: a call per word through `FNV1a`'s generic methods cost more than rendering the pages.
    @inlinable package static func wordStep(_ value: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (value ^ word) &* prime
        return mixed ^ (mixed >> 29)
    }

    /// Sixteen hex digits.
    package var hex: String { Self.hex(value) }

    /// Whether `text` is what `hex` writes: sixteen lower-case hex digits (a name rmwiki gave a file, say).
    package static func isHex(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy(isHexDigit)
    }

    /// A digit `hex` writes: `0`-`9` or `a`-`f`.
    @inlinable package static func isHexDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) }

    /// Sixteen hex digits of any 64-bit digest.
    package static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
