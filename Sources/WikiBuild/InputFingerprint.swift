import Primitives

/// A 64-bit FNV-1a digest of everything a build reads. Change detection, not security: two different
/// inputs colliding would only make one rebuild skip, and the next change rebuilds everything anyway.
struct InputFingerprint: Sendable, Equatable {
    private var hash = FNV1a()

    var value: UInt64 { hash.value }

    mutating func add(_ bytes: some Sequence<UInt8>) {
        hash.add(bytes)
        // A separator after each piece, so ("ab", "c") and ("a", "bc") differ.
        hash.add(CollectionOfOne(0xff))
    }

    mutating func add(_ text: String) { add(text.utf8) }

    mutating func add(_ number: Int) { add(String(number)) }

    var hex: String { hash.hex }
}
