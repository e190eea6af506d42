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

    /// Whether a `Content-Type` announces a picture this client accepts.
    static func isAcceptedContentType(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) }?
            .lowercased()
        return mediaType == "image/jpeg" || mediaType == "image/jpg" || mediaType == "image/png"
    }
}
