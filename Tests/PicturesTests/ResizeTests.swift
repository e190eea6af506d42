import Foundation
import Testing
@testable import Pictures

@Suite("Pictures resize")
struct ResizeTests {
    @Test("a flat colour stays that colour at every size, transparency included")
    func flat() {
        let picture = Picture(width: 30, height: 20, pixels: [UInt8]((0..<600).flatMap { _ in [200, 30, 90, 128] }))
        for (width, height) in [(7, 5), (15, 10), (29, 19), (60, 40)] {
            let small = Resizer.resize(picture, width: width, height: height)
            for index in 0..<(width * height) {
                #expect(Array(small.pixels[(index * 4)..<(index * 4 + 4)]) == [200, 30, 90, 128])
            }
        }
    }

    @Test("shrinking averages light, not sRGB values: black and white stripes become 188, not 128")
    func linearLight() {
        let pixels: [UInt8] = (0..<(40 * 40)).flatMap { (index: Int) -> [UInt8] in
            let white: UInt8 = (index % 40) % 2 == 0 ? 255 : 0
            return [white, white, white, 255]
        }
        let small = Resizer.resize(Picture(width: 40, height: 40, pixels: pixels), width: 10, height: 10)
        let centre = Int(small.pixels[(5 * 10 + 5) * 4])
        #expect(abs(centre - 188) <= 2, "got \(centre)")
    }

    @Test("copies keep proportions, cover the square box, and only ever shrink")
    func derivedSizes() throws {
        let wide = PNGEncoder.encode(Picture(width: 277, height: 266, pixels: [UInt8](repeating: 90, count: 277 * 266 * 4)))
        let copies = try PictureDerivation.derive(wide, sides: [44, 88, 300])
        #expect(copies.map { [$0.width, $0.height] } == [[46, 44], [92, 88]])
        // Opaque PNG sources become JPEG; with transparency they stay PNG.
        #expect(copies.map(\.fileExtension) == ["png", "png"])
        let opaque = PNGEncoder.encode(Picture(width: 100, height: 100,
                                               pixels: [UInt8]((0..<10_000).flatMap { _ in [1, 2, 3, 255] })))
        #expect(try PictureDerivation.derive(opaque, sides: [44]).map(\.fileExtension) == ["jpg"])
    }

    @Test("every avatar's copies look like ImageMagick's resize in linear light (SSIM >= 0.95)")
    func matchesImageMagick() throws {
        let files = ReferenceTool.avatarFiles
        guard !files.isEmpty else {
            print("skipped: \(ReferenceTool.missingAvatars)")
            return
        }
        guard let convert = ReferenceTool.convert else {
            print("skipped: \(ReferenceTool.missingConvert)")
            return
        }
        var worst = (name: "", side: 0, ssim: 1.0)
        for batch in stride(from: 0, to: files.count, by: 100) {
            let slice = Array(files[batch..<min(batch + 100, files.count)])
            let sources = try slice.map { [UInt8](try Data(contentsOf: $0)) }
            // As the wiki makes its faces: at most 8 KB each (`AvatarSizes.byteLimits`), the busiest a little coarser.
            let derived = PictureDerivation.deriveAll(sources, sides: [44, 132], byteLimits: [44: 8192, 132: 8192], workers: 2)
            for (position, side) in [44, 132].enumerated() {
                let copies = try derived.map { try $0.get()[position] }
                // One convert for all the copies of one size (nearly every avatar is 300 × 300).
                let groups = Dictionary(grouping: copies.indices) { [copies[$0].width, copies[$0].height] }
                for (size, members) in groups {
                    let reference = try ReferenceTool.run(convert, members.map { slice[$0].path } + [
                        "-colorspace", "RGB", "-filter", "Lanczos", "-resize", "\(size[0])x\(size[1])!",
                        "-colorspace", "sRGB", "-depth", "8", "rgba:-",
                    ])
                    let count = size[0] * size[1] * 4
                    #expect(reference.count == count * members.count, "ImageMagick's output for \(size)")
                    for (order, index) in members.enumerated() where (order + 1) * count <= reference.count {
                        let name = slice[index].lastPathComponent
                        let ours = try PictureDecoder.decode(copies[index].bytes)
                        let theirs = Picture(width: size[0], height: size[1],
                                             pixels: Array(reference[(order * count)..<((order + 1) * count)]))
                        let ssim = ReferenceTool.ssim(ours, theirs)
                        if ssim < worst.ssim { worst = (name, side, ssim) }
                        #expect(ssim >= 0.95, "\(name) at \(side) px: SSIM \(ssim)")
                    }
                }
            }
        }
        print("lowest SSIM against ImageMagick: \(worst.name) at \(worst.side) px: \(worst.ssim)")
    }
}
