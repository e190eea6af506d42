import Foundation
import Testing
@testable import Pictures

@Suite("JPEG format")
struct JPEGFormatTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// ImageMagick's rose (74 × 49: no side a multiple of 8 or 16) saved by libjpeg in each layout, beside
    /// libjpeg's own decode (`convert F -depth 8 rgba:-`), so no reference tool is needed here.
    @Test("baseline and progressive, 4:4:4, 4:2:2, 4:2:0 and greyscale match libjpeg's decode",
          arguments: ["base-444", "base-422", "base-420", "prog-444", "prog-422", "prog-420", "grey", "grey-prog"])
    func layouts(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("\(name).jpg")))
        let reference = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("\(name).rgba")))
        let picture = try PictureDecoder.decode(bytes)
        #expect(picture.width == 74 && picture.height == 49)
        let psnr = ReferenceTool.psnr(picture.pixels, reference)
        #expect(psnr >= 45, "\(name): PSNR \(psnr) dB")
    }

    @Test("restart markers: the same picture with and without them decodes to the same pixels")
    func restartMarkers() throws {
        let rose = try PictureDecoder.decode([UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("base-444.jpg"))))
        let plain = JPEGEncoder.encode(rose, quality: 90, restartInterval: 0)
        for interval in [1, 2, 5] {
            let restarted = JPEGEncoder.encode(rose, quality: 90, restartInterval: interval)
            #expect(restarted.count > plain.count)
            #expect(try PictureDecoder.decode(restarted) == PictureDecoder.decode(plain), "interval \(interval)")
        }
    }

    @Test("our encoder's output decodes close to what went in")
    func encoderRoundTrip() throws {
        let rose = try PictureDecoder.decode([UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("base-444.jpg"))))
        let again = try PictureDecoder.decode(JPEGEncoder.encode(rose, quality: 90))
        #expect(again.width == rose.width && again.height == rose.height)
        #expect(ReferenceTool.psnr(again.pixels, rose.pixels) >= 30)
    }
}
