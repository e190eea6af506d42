import Foundation
import Testing
@testable import Pictures

/// Pictures far larger than any copy made of them are decoded reduced, and decodes share a memory budget.
@Suite("Pictures reduced decoding")
struct ReducedDecodeTests {
    /// A copy of side `minimumSide / 2` made as `derive` makes it, from the decode reduced for `minimumSide`, and
    /// the same copy made from the full decode: what reducing changes in what the site publishes.
    static func copies(_ bytes: [UInt8], minimumSide: Int) throws -> (reduced: Picture, whole: Picture, decoded: Picture) {
        let decoded = try PictureDecoder.decode(bytes, minimumSide: minimumSide)
        let size = PictureDerivation.covering(decoded.width, decoded.height, side: minimumSide / 2)
        let reduced = Resizer.resize(decoded, width: size.width, height: size.height)
        let whole = Resizer.resize(try PictureDecoder.decode(bytes), width: size.width, height: size.height)
        return (reduced, whole, decoded)
    }

    /// Mean absolute difference of red, green and blue, in levels of 255.
    static func meanError(_ a: Picture, _ b: Picture) -> Double {
        var sum = 0, count = 0
        for index in stride(from: 0, to: min(a.pixels.count, b.pixels.count), by: 4) {
            for channel in 0..<3 { sum += abs(Int(a.pixels[index + channel]) - Int(b.pixels[index + channel])) }
            count += 3
        }
        return Double(sum) / Double(max(count, 1))
    }

    static let avatars = ReferenceTool.avatarFiles.prefix(60).compactMap { try? [UInt8](Data(contentsOf: $0)) }
    static var avatarJPEGs: [[UInt8]] { Array(avatars.filter { PictureDecoder.isJPEG($0) }.prefix(12)) }
    static var avatarPNGs: [[UInt8]] { Array(avatars.filter { PictureDecoder.isPNG($0) }.prefix(8)) }

    /// DCT scaling averages each block before light is made linear, so fine dark lines weigh a little more than in
    /// the copies of the full decode (up to 9 levels on average at 1/8): still the same picture to the eye.
    @Test("a JPEG decoded at 1/2, 1/4 and 1/8 gives copies like those of its full decode (SSIM >= 0.95, mean error <= 10)",
          arguments: [2, 4, 8])
    func jpegAtReducedScale(scale: Int) throws {
        var sources = try ["base-420.jpg", "base-422.jpg", "base-444.jpg", "prog-420.jpg", "prog-444.jpg", "grey.jpg",
                           "grey-prog.jpg"].map(BadPictureTests.fixture)
        sources += Self.avatarJPEGs
        var worst = (ssim: 1.0, error: 0.0)
        for (index, bytes) in sources.enumerated() {
            let full = try PictureDecoder.decode(bytes)
            // The largest minimum side that still allows this scale; copies too small to judge are left out.
            let minimumSide = (min(full.width, full.height) + scale - 1) / scale
            guard minimumSide >= 16 else { continue }
            let (reduced, whole, decoded) = try Self.copies(bytes, minimumSide: minimumSide)
            #expect(decoded.width == (full.width + scale - 1) / scale && decoded.height == (full.height + scale - 1) / scale,
                    "picture \(index): \(decoded.width) × \(decoded.height) from \(full.width) × \(full.height)")
            let ssim = ReferenceTool.ssim(reduced, whole), error = Self.meanError(reduced, whole)
            worst = (min(worst.ssim, ssim), max(worst.error, error))
            #expect(ssim >= 0.95 && error <= 10, "picture \(index) at 1/\(scale): SSIM \(ssim), mean error \(error)")
        }
        print("JPEG at 1/\(scale): lowest SSIM \(worst.ssim), largest mean error \(worst.error)")
    }

    @Test("a PNG larger than needed is averaged as it is read, interlaced or not, transparency kept")
    func pngReducedWhileRead() throws {
        var worst = (ssim: 1.0, error: 0.0)
        for (index, bytes) in Self.avatarPNGs.enumerated() {
            let (reduced, whole, decoded) = try Self.copies(bytes, minimumSide: 100)
            #expect(decoded.width == 100 && decoded.height == 100)
            let ssim = ReferenceTool.ssim(reduced, whole), error = Self.meanError(reduced, whole)
            worst = (min(worst.ssim, ssim), max(worst.error, error))
            #expect(ssim >= 0.95 && error <= 3, "avatar PNG \(index): SSIM \(ssim), error \(error)")
        }
        print("PNG averaged by 3: lowest SSIM \(worst.ssim), largest mean error \(worst.error)")
        // The closure's types spelled out: inferred, they took the type checker 7 s, half this module's compile.
        let palette = TestPNG.chunk("PLTE", (0..<256).flatMap { (i: Int) -> [UInt8] in
            [UInt8(i), UInt8(255 - i), UInt8(i / 2)]
        })
        let alpha = TestPNG.chunk("tRNS", (0..<256).map { UInt8(255 - $0 / 4) })
        for interlaced in [false, true] {
            for colourType in [2, 6, 3] {
                // Gradients, squares of 40 pixels, half of it translucent.
                let bytes = TestPNG.make(width: 203, height: 157, depth: 8, colourType: colourType, interlaced: interlaced,
                                         extra: colourType == 3 ? [palette, alpha] : []) { x, y, channel in
                    let square = (x / 40 + y / 40) % 2 == 0
                    if colourType == 3 { return (square ? 80 : 160) + (x + y) / 16 }
                    return [x, y, square ? 80 : 180, x < 100 ? 255 : 128][channel]
                }
                let (reduced, whole, decoded) = try Self.copies(bytes, minimumSide: 50)
                // 157 / 50: blocks of 3 × 3, the last row and column of blocks partial.
                #expect(decoded.width == 68 && decoded.height == 53)
                let ssim = ReferenceTool.ssim(reduced, whole), error = Self.meanError(reduced, whole)
                #expect(ssim >= 0.95 && error <= 3, "colour type \(colourType), interlaced \(interlaced): SSIM \(ssim), error \(error)")
                #expect(decoded.hasTransparency == (colourType != 2))
            }
        }
        let flat = TestPNG.make(width: 100, height: 90, depth: 8, colourType: 6) { _, _, channel in [200, 30, 90, 128][channel] }
        let small = try PictureDecoder.decode(flat, minimumSide: 20)
        #expect(small.width == 25 && small.height == 23)
        for index in 0..<(small.width * small.height) {
            #expect(Array(small.pixels[(index * 4)..<(index * 4 + 4)]) == [200, 30, 90, 128])
        }
    }

    @Test("a picture not even twice the side needed is decoded whole, byte for byte as before")
    func smallPicturesDecodeWhole() throws {
        for bytes in Self.avatarJPEGs.prefix(3) + [BadPictureTests.smallPNG] {
            let full = try PictureDecoder.decode(bytes)
            #expect(try PictureDecoder.decode(bytes, minimumSide: min(full.width, full.height) / 2 + 1) == full)
        }
    }

    @Test("a few kilobytes claiming 2,048 × 2,048 cost a fraction of their full size to decode; the copies are made")
    func claimedSizeIsDecodedReduced() throws {
        let side = 2048
        // Rows of filter 0 and one translucent colour, compressed by our own DEFLATE: 16 MB inflated.
        let rows = [UInt8]((0..<side).flatMap { _ in [0] + [UInt8](repeating: 70, count: side * 4) })
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + TestPNG.header(width: side, height: side, depth: 8, colourType: 6)
            + TestPNG.chunk("IDAT", Deflate.zlib(rows)) + TestPNG.chunk("IEND", [])
        let jpeg = JPEGEncoder.encode(Picture(width: side, height: side, pixels: [UInt8](repeating: 200, count: side * side * 4)))
        let sides = [44, 88, 132, 200]
        for (name, bytes) in [("PNG", png), ("JPEG", jpeg)] {
            let whole = PictureDecoder.footprint(bytes, limits: .standard, minimumSide: 0)
            let reduced = PictureDecoder.footprint(bytes, limits: .standard, minimumSide: PictureDerivation.minimumSide(sides))
            // Whole, the picture is 16 MB of RGBA and 64 MB in linear light.
            #expect(whole > 100 << 20 && reduced * 4 < whole, "\(name): \(reduced >> 20) MB reduced, \(whole >> 20) MB whole")
            let copies = try PictureDerivation.derive(bytes, sides: sides)
            #expect(copies.map(\.width) == sides, "\(name)")
        }
    }

    @Test("decodes share a budget: over it a picture waits its turn, over the per-picture limit it is refused")
    func budget() throws {
        let pictures = (0..<6).map { shade in
            PNGEncoder.encode(Picture(width: 120, height: 120, pixels: [UInt8](repeating: UInt8(shade * 40), count: 120 * 120 * 4)))
        }
        let costs = pictures.map { PictureDecoder.footprint($0, limits: .standard, minimumSide: 88) }
        let most = try #require(costs.max()), least = try #require(costs.min())
        // Each picture alone is over the shared budget: they run one at a time, and all are made.
        let oneByOne = PictureDerivation.deriveAll(pictures, sides: [44], byteLimits: [:], workers: 4, limits: .standard,
                                                   budget: DecodeBudget(shared: least / 2, perPicture: most))
        #expect(oneByOne.allSatisfy { (try? $0.get().count) == 1 })
        let refused = PictureDerivation.deriveAll(pictures, sides: [44], byteLimits: [:], workers: 4, limits: .standard,
                                                  budget: DecodeBudget(shared: most, perPicture: least - 1))
        for (result, cost) in zip(refused, costs) {
            #expect(throws: PictureError.tooCostly(neededBytes: cost, allowedBytes: least - 1)) { try result.get() }
        }
    }
}

@Suite("Pictures size limits")
struct SizeLimitTests {
    static func png(width: Int, height: Int) -> [UInt8] {
        // Rows of filter 0 and grey 0, one bit a pixel: 4,096 × 4,096 is 2 MB inflated.
        let rows = [UInt8]((0..<height).flatMap { _ in [UInt8](repeating: 0, count: 1 + (width + 7) / 8) })
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + TestPNG.header(width: width, height: height, depth: 1, colourType: 0)
            + TestPNG.chunk("IDAT", Deflate.zlib(rows)) + TestPNG.chunk("IEND", [])
    }

    @Test("a PNG of exactly the pixel limit or the side limit is decoded; one pixel more is refused, naming the limit")
    func bothSidesOfTheLimits() throws {
        let limits = PictureLimits.standard
        #expect(limits.maxPixels == 4096 * 4096 && limits.maxSide == 16_384)
        for (width, height) in [(4096, 4096), (16_384, 1024), (1024, 16_384)] {
            let picture = try PictureDecoder.decode(Self.png(width: width, height: height))
            #expect(picture.width == width && picture.height == height)
        }
        #expect(throws: PictureError.tooLarge(width: 4097, height: 4096, maxPixels: limits.maxPixels)) {
            try PictureDecoder.decode(Self.png(width: 4097, height: 4096))
        }
        #expect(throws: PictureError.tooLarge(width: 16_384, height: 1025, maxPixels: limits.maxPixels)) {
            try PictureDecoder.decode(Self.png(width: 16_384, height: 1025))
        }
        // Within the pixel limit, a side over its own: the message names the side's limit, not the pixels'.
        for (width, height) in [(16_385, 1), (16_777_216, 1)] {
            let error = #expect(throws: PictureError.tooLong(width: width, height: height, maxSide: 16_384)) {
                try PictureDecoder.decode(Self.png(width: width, height: height))
            }
            #expect(error?.description.contains("a side of at most 16384") == true)
        }
    }
}
