import Foundation

/// The two picture formats the API serves. The format is read from the bytes, not the URL:
/// 336 of the real `avatar/N.jpeg` files are PNGs.
enum ImageFormat: String, Sendable, Equatable {
    case jpeg, png

    var fileExtension: String { rawValue }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The IEND chunk's type and CRC: every complete PNG ends with them.
    private static let pngEnd: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// The format of a complete image, or nil for anything else, truncated files included
    /// (a JPEG must end with its EOI marker, a PNG with its IEND chunk).
    static func detect<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageFormat? {
        let array = Array(bytes)
        if array.count >= 4, array.starts(with: [0xFF, 0xD8, 0xFF]), array.suffix(2).elementsEqual([0xFF, 0xD9]) {
            return .jpeg
        }
        if array.count >= pngSignature.count + pngEnd.count, array.starts(with: pngSignature),
           array.suffix(pngEnd.count).elementsEqual(pngEnd) {
            return .png
        }
        return nil
    }

    /// Whether the bytes begin as a JPEG or PNG does, whole or not.
    static func startsLikePicture(_ bytes: Data) -> Bool {
        bytes.starts(with: [0xFF, 0xD8, 0xFF]) || bytes.starts(with: pngSignature)
    }

    /// What a body that is no complete JPEG or PNG looks like, in a word or two, from its first bytes: warnings
    /// group pictures by it.
    static func kind(of bytes: Data) -> String {
        if bytes.isEmpty { return "an empty body" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return ImageFormat.detect(bytes) == nil ? "an incomplete JPEG" : "a JPEG" }
        if bytes.starts(with: pngSignature) { return ImageFormat.detect(bytes) == nil ? "an incomplete PNG" : "a PNG" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "a GIF" }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes.dropFirst(8).starts(with: Array("WEBP".utf8)) {
            return "a WebP"
        }
        let text = String(decoding: bytes.prefix(256), as: UTF8.self).drop { $0.isWhitespace || $0 == "\u{FEFF}" }.lowercased()
        if text.hasPrefix("<!doctype html") || text.hasPrefix("<html") || text.hasPrefix("<head") || text.hasPrefix("<body") {
            return "HTML"
        }
        if text.hasPrefix("<svg") || text.hasPrefix("<?xml") { return "SVG or XML" }
        if text.hasPrefix("{") || text.hasPrefix("[") { return "JSON" }
        if text.hasPrefix("<") { return "HTML" }
        return "bytes of no known picture format"
    }

    /// Whether a `Content-Type` announces a picture this client accepts.
    static func isAcceptedContentType(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) }?
            .lowercased()
        return mediaType == "image/jpeg" || mediaType == "image/jpg" || mediaType == "image/png"
    }
}
