import Foundation
import Testing
@testable import Pictures

@Suite("Bad pictures")
struct BadPictureTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: JPEGFormatTests.fixtures.appendingPathComponent(name)))
    }

    static var smallPNG: [UInt8] {
        TestPNG.make(width: 20, height: 20, depth: 8, colourType: 2) { x, y, c in (x * y + c) % 256 }
    }

    func expectError(_ bytes: [UInt8], _ matches: (PictureError) -> Bool, _ comment: Comment) {
        do {
            let picture = try PictureDecoder.decode(bytes)
            Issue.record("decoded \(picture.width) × \(picture.height): \(comment)")
        } catch {
            #expect(matches(error), "\(error): \(comment)")
        }
    }

    @Test("a cut JPEG or PNG is an error, wherever it is cut")
    func truncated() throws {
        for file in [try Self.fixture("prog-420.jpg"), try Self.fixture("base-444.jpg"), Self.smallPNG] {
            for length in stride(from: 0, to: file.count - 1, by: max(1, file.count / 97)) {
                expectError(Array(file.prefix(length)), { _ in true }, "cut at \(length) of \(file.count)")
            }
        }
        expectError(Array(try Self.fixture("base-420.jpg").dropLast(2)), {
            if case .truncated = $0 { return true } else { return false }
        }, "no end marker")
    }

    @Test("a wrong marker is named")
    func wrongMarker() throws {
        var bytes = try Self.fixture("base-444.jpg")
        // The first segment after SOI (APP0) becomes an unknown marker.
        bytes[3] = 0x02
        expectError(bytes, { $0.description.contains("marker 0x2") }, "unknown marker")
        var arithmetic = try Self.fixture("base-444.jpg")
        if let sof = arithmetic.indices.dropLast().first(where: { arithmetic[$0] == 0xFF && arithmetic[$0 + 1] == 0xC0 }) {
            arithmetic[sof + 1] = 0xC9
        }
        expectError(arithmetic, { if case .unsupported = $0 { return true } else { return false } }, "arithmetic coding")
    }

    @Test("a header claiming 60,000 × 60,000 pixels is refused before any pixel memory is taken")
    func decompressionBomb() throws {
        var jpeg = try Self.fixture("base-444.jpg")
        let sof = try #require(jpeg.indices.dropLast().first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg[sof + 5] = 0xEA
        jpeg[sof + 6] = 0x60
        jpeg[sof + 7] = 0xEA
        jpeg[sof + 8] = 0x60
        expectError(jpeg, { $0 == .tooLarge(width: 60_000, height: 60_000, maxPixels: PictureLimits.standard.maxPixels) },
                    "JPEG bomb")
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + TestPNG.header(width: 60_000, height: 60_000, depth: 8, colourType: 6)
            + TestPNG.chunk("IDAT", TestPNG.storedZlib([0, 1, 2])) + TestPNG.chunk("IEND", [])
        expectError(png, { if case .tooLarge = $0 { return true } else { return false } }, "PNG bomb")
        // A small header over a stream that inflates far past it stops at the picture's size.
        let zeros = Deflate.zlib([UInt8](repeating: 0, count: 5_000_000))
        let inflating = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + TestPNG.header(width: 10, height: 10, depth: 8, colourType: 0)
            + TestPNG.chunk("IDAT", zeros) + TestPNG.chunk("IEND", [])
        expectError(inflating, { $0.description.contains("past the picture's size") }, "zlib bomb")
    }

    @Test("a PNG chunk with a bad CRC is refused")
    func badCRC() {
        var bytes = Self.smallPNG
        bytes[bytes.count - 20] ^= 0x40
        expectError(bytes, { if case .badChecksum = $0 { return true } else { return false } }, "flipped bit")
    }

    @Test("a zlib stream that never sets its final block ends as truncated, as does a bad Adler-32")
    func neverEndingZlib() {
        // Empty stored blocks, none of them final: valid so far, but the stream never ends.
        var stream: [UInt8] = [0x78, 0x01]
        for _ in 0..<10_000 { stream += [0x00, 0x00, 0x00, 0xFF, 0xFF] }
        let bytes = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + TestPNG.header(width: 4, height: 4, depth: 8, colourType: 0)
            + TestPNG.chunk("IDAT", stream) + TestPNG.chunk("IEND", [])
        expectError(bytes, { if case .truncated = $0 { return true } else { return false } }, "no final block")
        var checked = TestPNG.storedZlib([UInt8](repeating: 0, count: 20))
        checked[checked.count - 1] ^= 1
        #expect(throws: PictureError.badChecksum("zlib Adler-32")) { try Inflate.zlib(checked, outputLimit: 100) }
    }

    @Test("neither JPEG nor PNG")
    func unknown() {
        expectError(Array("<html>".utf8), { $0 == .unknownFormat }, "HTML")
        expectError([], { $0 == .unknownFormat }, "empty")
    }
}
