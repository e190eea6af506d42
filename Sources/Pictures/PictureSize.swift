/// A picture's width and height as its header gives them, without decoding it: what a page needs to reserve its
/// place before it loads.
public struct PictureSize: Sendable, Hashable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Sizes no decoder would accept are still a picture's own: only a header that cannot be read gives nil. (Any
    /// side PNG or JPEG can write, small enough that the decoders' sums of pixels do not overflow.)
    private static let unlimited = PictureLimits(maxPixels: 1 << 40, maxSide: 1 << 31)

    /// The size of a JPEG, PNG, GIF or WebP from its first bytes (a JPEG's frame may come after large metadata, so
    /// give it all); nil for any other format or a header that cannot be read.
    public init?(of bytes: [UInt8]) {
        func little(_ at: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        func ascii(_ range: Range<Int>) -> String? {
            bytes.count >= range.upperBound ? String(decoding: bytes[range], as: UTF8.self) : nil
        }
        let size: (width: Int, height: Int)?
        if PictureDecoder.isPNG(bytes) {
            size = PNGDecoder.footprint(bytes, limits: Self.unlimited, minimumSide: 0).map { ($0.width, $0.height) }
        } else if PictureDecoder.isJPEG(bytes) {
            size = JPEGDecoder.footprint(bytes, limits: Self.unlimited, minimumSide: 0).map { ($0.width, $0.height) }
        } else if ascii(0..<6) == "GIF87a" || ascii(0..<6) == "GIF89a", bytes.count >= 10 {
            size = (little(6, 2), little(8, 2))
        } else if ascii(0..<4) == "RIFF", ascii(8..<12) == "WEBP", bytes.count >= 30 {
            // The first chunk says which of WebP's three headers follows.
            switch ascii(12..<16) {
            case "VP8 " where bytes[23...25].elementsEqual([0x9D, 0x01, 0x2A]):
                size = (little(26, 2) & 0x3FFF, little(28, 2) & 0x3FFF)
            case "VP8L" where bytes[20] == 0x2F:
                let bits = little(21, 4)
                size = ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
            case "VP8X": size = (little(24, 3) + 1, little(27, 3) + 1)
            default: size = nil
            }
        } else {
            size = nil
        }
        guard let size, size.width > 0, size.height > 0 else { return nil }
        self.init(width: size.width, height: size.height)
    }
}
