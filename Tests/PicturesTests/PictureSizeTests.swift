import Testing
@testable import Pictures

@Suite("Picture sizes from headers")
struct PictureSizeTests {
    static let picture = Picture(width: 37, height: 21, pixels: [UInt8](repeating: 200, count: 37 * 21 * 4))

    @Test("PNG and JPEG give the size they decode to, whatever the decoder's limits")
    func encoded() throws {
        for bytes in [PNGEncoder.encode(Self.picture), JPEGEncoder.encode(Self.picture)] {
            #expect(PictureSize(of: bytes) == PictureSize(width: 37, height: 21))
        }
        let huge = TestPNG.header(width: 20_000, height: 30_000, depth: 8, colourType: 2)
        #expect(PictureSize(of: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + huge + [UInt8](repeating: 0, count: 8))
            == PictureSize(width: 20_000, height: 30_000))
    }

    @Test("GIF and WebP's three headers", arguments: [
        (Array("GIF89a".utf8) + [0x25, 0x00, 0x15, 0x00] + [UInt8](repeating: 0, count: 20)),
        // VP8 (lossy): frame tag, start code, 14-bit sides.
        (Self.riff("VP8 ") + [0, 0, 0, 0x9D, 0x01, 0x2A, 0x25, 0x00, 0x15, 0x00]),
        // VP8L (lossless): 0x2F, then width − 1 and height − 1 in 14 bits each.
        (Self.riff("VP8L") + [0x2F] + Self.littleEndian(36 | 20 << 14, 4) + [0, 0, 0, 0, 0]),
        // VP8X (extended): flags, then the canvas's width − 1 and height − 1 in 24 bits each.
        (Self.riff("VP8X") + [0, 0, 0, 0] + Self.littleEndian(36, 3) + Self.littleEndian(20, 3)),
    ])
    func otherFormats(bytes: [UInt8]) {
        #expect(PictureSize(of: bytes) == PictureSize(width: 37, height: 21))
    }

    @Test("Anything else, or a header cut short, has no size")
    func none() {
        let png = PNGEncoder.encode(Self.picture)
        #expect(PictureSize(of: Array("<html>".utf8)) == nil)
        #expect(PictureSize(of: Array(png.prefix(20))) == nil)
        #expect(PictureSize(of: Array(JPEGEncoder.encode(Self.picture).prefix(30))) == nil)
        #expect(PictureSize(of: Array("GIF89a".utf8) + [0, 0, 0, 0]) == nil)
    }

    static func riff(_ chunk: String) -> [UInt8] {
        Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8) + [0, 0, 0, 0]
    }

    static func littleEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(value >> (8 * $0) & 0xFF) }
    }
}
