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
        guard width <= maxSide, height <= maxSide, width * height <= maxPixels else {
            throw .tooLarge(width: width, height: height, maxPixels: maxPixels)
        }
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
        }
    }
}

/// Decodes either format, told apart by its first bytes (the API names PNG files `.jpeg`).
public enum PictureDecoder {
    public static func decode(_ bytes: [UInt8], limits: PictureLimits = .standard) throws(PictureError) -> Picture {
        if bytes.count >= 8, bytes[0] == 0x89, bytes[1] == 0x50, bytes[2] == 0x4E, bytes[3] == 0x47 {
            return try PNGDecoder.decode(bytes, limits: limits)
        }
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8 {
            return try JPEGDecoder.decode(bytes, limits: limits)
        }
        throw .unknownFormat
    }
}
