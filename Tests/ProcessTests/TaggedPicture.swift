@testable import Pictures

/// A picture's bytes with a tag decoders skip (a JPEG COM segment after SOI, a PNG tEXt chunk after IHDR): the
/// same pixels under new bytes, so a build makes its copies again instead of finding them in its cache.
enum TaggedPicture {
    static func tagged(_ bytes: [UInt8], _ tag: String) -> [UInt8] {
        let text = Array(tag.utf8)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            // Signature (8 bytes) and IHDR (25).
            return Array(bytes[..<33]) + chunk("tEXt", Array("Comment".utf8) + [0] + text) + Array(bytes[33...])
        }
        let length = text.count + 2
        return [0xFF, 0xD8, 0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + text + Array(bytes.dropFirst(2))
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return PNGEncoder.bigEndian(UInt32(data.count)) + typeAndData + PNGEncoder.bigEndian(CRC32.checksum(typeAndData))
    }
}
