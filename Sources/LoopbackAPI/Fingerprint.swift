/// Strong ETags from content: FNV-1a, 64 bits. Not a security measure, only change detection.
enum Fingerprint {
    static func etag<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }
}
