/// One smaller copy of a picture, ready to publish.
public struct DerivedPicture: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `"jpg"` or `"png"`.
    public let fileExtension: String
    public let bytes: [UInt8]
}

/// Decodes a picture once and makes every smaller copy asked for.
public enum PictureDerivation {
    /// Copies whose shorter side is each of `sides` (those smaller than the picture), keeping proportions: the
    /// pages show pictures in square boxes with `object-fit: cover`, so the shorter side is the one to fill.
    /// A picture with transparency stays PNG; any other becomes a baseline JPEG, encoded again a little coarser
    /// (down to `lowestQuality`) while it is larger than `byteLimits` gives for its side.
    public static func derive(
        _ source: [UInt8], sides: [Int], byteLimits: [Int: Int] = [:], limits: PictureLimits = .standard
    ) throws(PictureError) -> [DerivedPicture] {
        let picture = try PictureDecoder.decode(source, limits: limits, minimumSide: minimumSide(sides))
        let transparent = picture.hasTransparency
        var result: [DerivedPicture] = []
        let original = LinearPicture(picture)
        var made: [LinearPicture] = []
        for side in Set(sides).sorted(by: >) where side > 0 && side < min(picture.width, picture.height) {
            let size = covering(picture.width, picture.height, side: side)
            // Shrinking from a copy already made at least 1.8 times as large reads far fewer samples than
            // shrinking from the original, and Lanczos-3 twice over such scales stays as sharp to the eye.
            let from = made.last { min($0.width, $0.height) * 10 >= side * 18 } ?? original
            let linear = Resizer.resize(from, width: size.width, height: size.height)
            made.append(linear)
            let small = linear.picture
            var bytes: [UInt8]
            if transparent {
                bytes = PNGEncoder.encode(small)
            } else {
                var quality = quality(side: side)
                bytes = JPEGEncoder.encode(small, quality: quality)
                while let limit = byteLimits[side], bytes.count > limit, quality > lowestQuality {
                    quality -= 5
                    bytes = JPEGEncoder.encode(small, quality: quality)
                }
            }
            result.insert(DerivedPicture(
                width: size.width, height: size.height, fileExtension: transparent ? "png" : "jpg", bytes: bytes), at: 0)
        }
        return result
    }

    /// A picture at least four times the largest copy's side is decoded reduced, to no less than twice it: the
    /// copies come out as sharp (Lanczos still shrinks by half or more) from a fraction of the memory.
    static func minimumSide(_ sides: [Int]) -> Int { 2 * (sides.max() ?? 0) }

    /// JPEG quality by size: in a small copy every pixel shows, and its bytes are few anyway. These keep every
    /// avatar's copies within SSIM 0.95 of a reference resize (`ResizeTests`); a 132-px face is near 7 KB, and
    /// the busiest pictures (one in nine) go down in quality to fit a face's 8 KB.
    static func quality(side: Int) -> Int { side <= 100 ? 90 : 85 }
    static let lowestQuality = 60

    /// The size whose shorter side is `side`, the longer one in proportion.
    public static func covering(_ width: Int, _ height: Int, side: Int) -> (width: Int, height: Int) {
        if width <= height {
            return (side, max(side, Int((Double(height) * Double(side) / Double(width)).rounded())))
        }
        return (max(side, Int((Double(width) * Double(side) / Double(height)).rounded())), side)
    }
}
