import Foundation

/// ETags for pages changed on the way out (the live-reload script), so a rebuilt page never looks unchanged.
enum ServeEntityTag {
    /// The file's tag extended with the build generation, still one quoted opaque tag.
    static func tag(_ fileTag: String, generation: String) -> String {
        let weak = fileTag.hasPrefix("W/")
        let opaque = weak ? fileTag.dropFirst(2) : Substring(fileTag)
        let inner = opaque.hasPrefix("\"") && opaque.hasSuffix("\"") && opaque.count >= 2
            ? opaque.dropFirst().dropLast() : opaque
        return (weak ? "W/" : "") + "\"\(inner)-lr\(generation)\""
    }
}
