import Foundation
import Primitives

/// A digest of everything a build reads (FNV-1a eight bytes a step, see `FNV1a.addWords`). Change detection, not
/// security: two different inputs colliding would only make one rebuild skip, and the next change rebuilds
/// everything anyway.
struct InputFingerprint: Sendable, Equatable {
    private var digest = FNV1a()

    mutating func add(_ bytes: some Sequence<UInt8>) {
        digest.addWords(bytes)
        // A separator after each piece, so ("ab", "c") and ("a", "bc") differ.
        digest.add(CollectionOfOne(0xff))
    }

    mutating func add(_ data: Data) {
        data.withUnsafeBytes { add($0.assumingMemoryBound(to: UInt8.self)) }
    }

    mutating func add(_ text: String) { add(text.utf8) }

    mutating func add(_ number: Int) { add(String(number)) }

    var hex: String { digest.hex }
}
