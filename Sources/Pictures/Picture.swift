/// A decoded picture: 8-bit RGBA, row after row, without padding.
///
/// One layout for every source format keeps resizing and encoding to a single code path; a 300 × 300
/// avatar costs 360 KB this way, and `PictureLimits` bounds the largest.
public struct Picture: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha.
    public var pixels: [UInt8]
    /// Whether any pixel is not fully opaque (decides PNG over JPEG when encoding).
    public var hasTransparency: Bool {
        var index = 3
        while index < pixels.count {
            if pixels[index] != 255 { return true }
            index += 4
        }
        return false
    }

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4, "pixels do not fill the picture")
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

/// The largest picture a decoder accepts: a header may claim anything (60,000 × 60,000 is 14 GB of RGBA), so the
/// size is checked before any pixel memory is allocated.
public struct PictureLimits: Sendable, Equatable {
    public var maxPixels: Int
    public var maxSide: Int

    public init(maxPixels: Int = 16_777_216, maxSide: Int = 16_384) {
        self.maxPixels = maxPixels
        self.maxSide = maxSide
    }

    public static let standard = PictureLimits()

    func check(width: Int, height: Int) throws(PictureError) {
        guard width > 0, height > 0 else { throw .badHeader("a side of zero pixels (\(width) × \(height))") }
        guard width * height <= maxPixels else { throw .tooLarge(width: width, height: height, maxPixels: maxPixels) }
        // Within the pixel limit a side can still be too long (16,777,216 × 1): say which limit it is, or the
        // message reads as the pixel limit off by one.
        guard width <= maxSide, height <= maxSide else { throw .tooLong(width: width, height: height, maxSide: maxSide) }
    }
}

/// Why a picture could not be decoded; `description` is one short line naming the cause.
public enum PictureError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownFormat
    case truncated(String)
    case badHeader(String)
    case unsupported(String)
    case corrupt(String)
    case badChecksum(String)
    case tooLarge(width: Int, height: Int, maxPixels: Int)
    case tooLong(width: Int, height: Int, maxSide: Int)
    /// Within the pixel limit, but decoding it would take more memory than one picture may (`DecodeBudget`).
    case tooCostly(neededBytes: Int, allowedBytes: Int)

    public var description: String {
        switch self {
        case .unknownFormat: return "neither JPEG nor PNG"
        case .truncated(let what): return "truncated: \(what)"
        case .badHeader(let what): return "bad header: \(what)"
        case .unsupported(let what): return "unsupported: \(what)"
        case .corrupt(let what): return "corrupt: \(what)"
        case .badChecksum(let what): return "bad checksum: \(what)"
        case let .tooLarge(width, height, maxPixels):
            return "too large: \(width) × \(height) pixels (at most \(maxPixels) allowed)"
        case let .tooLong(width, height, maxSide):
            return "too large: \(width) × \(height) pixels (a side of at most \(maxSide) allowed)"
        case let .tooCostly(needed, allowed):
            return "too large to decode: it would take \(needed >> 20) MB (at most \(allowed >> 20) MB a picture)"
        }
    }
}

/// Decodes either format, told apart by its first bytes (the API names PNG files `.jpeg`).
public enum PictureDecoder {
    /// The whole picture, or with `minimumSide` one reduced to a whole fraction of its size whose shorter side is
    /// still at least `minimumSide` (a JPEG by DCT scaling, a PNG by averaging blocks of pixels as its rows are
    /// read), so a picture far larger than any copy made of it never takes its full size in memory.
    public static func decode(_ bytes: [UInt8], limits: PictureLimits = .standard, minimumSide: Int = 0)
        throws(PictureError) -> Picture {
        if isPNG(bytes) { return try PNGDecoder.decode(bytes, limits: limits, minimumSide: minimumSide) }
        if isJPEG(bytes) { return try JPEGDecoder.decode(bytes, limits: limits, minimumSide: minimumSide) }
        throw .unknownFormat
    }

    /// The most memory, in bytes, that decoding with `decode(_:limits:minimumSide:)` and making copies of the
    /// result takes, read from the header alone; a picture whose header cannot be read costs its own size (its
    /// decode fails before allocating more).
    static func footprint(_ bytes: [UInt8], limits: PictureLimits, minimumSide: Int) -> Int {
        let pixels: (width: Int, height: Int, decoding: Int)?
        if isPNG(bytes) {
            pixels = PNGDecoder.footprint(bytes, limits: limits, minimumSide: minimumSide)
        } else if isJPEG(bytes) {
            pixels = JPEGDecoder.footprint(bytes, limits: limits, minimumSide: minimumSide)
        } else {
            pixels = nil
        }
        guard let pixels else { return bytes.count }
        // Then the decoded picture (4 bytes a pixel) beside its linear-light copy (16) and the first resize's
        // intermediate (at most as many samples again, 16 bytes each, for a copy no larger than the picture).
        let deriving = pixels.width * pixels.height * (4 + 16 + 16)
        return bytes.count + max(pixels.decoding, deriving)
    }

    static func isPNG(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && bytes[0] == 0x89 && bytes[1] == 0x50 && bytes[2] == 0x4E && bytes[3] == 0x47
    }

    static func isJPEG(_ bytes: [UInt8]) -> Bool { bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 }
}
