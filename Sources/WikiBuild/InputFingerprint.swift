import Foundation
import Primitives

/// A 64-bit FNV-1a-style digest of everything a build reads. Change detection, not security: two different
/// inputs colliding would only make one rebuild skip, and the next change rebuilds everything anyway.
struct InputFingerprint: Sendable, Equatable {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            // Eight bytes a step: the snapshot and the theme are hashed on every build, byte steps cost 8×.
            var index = 0
            while index + 8 <= buffer.count {
                var word: UInt64 = 0
                for offset in 0..<8 { word |= UInt64(buffer[index + offset]) << (8 * offset) }
                value ^= word
                value &*= 0x0000_0100_0000_01b3
                value ^= value >> 29
                index += 8
            }
            for byte in buffer[index...] {
                value ^= UInt64(byte)
                value &*= 0x0000_0100_0000_01b3
            }
        }
        if handled == nil {
            for byte in bytes {
                value ^= UInt64(byte)
                value &*= 0x0000_0100_0000_01b3
            }
        }
        // A separator after each piece, so ("ab", "c") and ("a", "bc") differ.
        value ^= 0xff
        value &*= 0x0000_0100_0000_01b3
    }

    mutating func add(_ data: Data) {
        data.withUnsafeBytes { add($0.assumingMemoryBound(to: UInt8.self)) }
    }

    mutating func add(_ text: String) { add(text.utf8) }

    mutating func add(_ number: Int) { add(String(number)) }

    var hex: String { FNV1a.hex(value) }
}
