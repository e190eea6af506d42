import Foundation
@testable import RickAndMortyAPI
import Testing

@Suite struct ImageFormatTests {
    @Test func detectsCompleteJPEGsAndPNGsOnly() {
        let jpeg = Fixture.avatar(1).bytes
        let png = Fixture.avatar(2).bytes
        #expect(ImageFormat.detect(jpeg) == .jpeg)
        #expect(ImageFormat.detect(png) == .png)
        #expect(ImageFormat.detect(jpeg.dropLast()) == nil)
        #expect(ImageFormat.detect(png.dropLast(3)) == nil)
        #expect(ImageFormat.detect(Array("<html></html>".utf8)) == nil)
        #expect(ImageFormat.detect([UInt8]()) == nil)
    }

    @Test func acceptsImageContentTypesOnly() {
        #expect(ImageFormat.isAcceptedContentType("image/jpeg"))
        #expect(ImageFormat.isAcceptedContentType("Image/PNG; charset=binary"))
        #expect(!ImageFormat.isAcceptedContentType("text/html"))
        #expect(!ImageFormat.isAcceptedContentType(nil))
    }
}
