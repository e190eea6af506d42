import Foundation

/// ETags for pages changed on the way out, and `If-None-Match` evaluation for them (weak comparison,
/// RFC 9110 §13.1.2).
enum ServeEntityTag {
    /// The file's tag extended with the build generation, still one quoted opaque tag.
    static func tag(_ fileTag: String, generation: String) -> String {
        let weak = fileTag.hasPrefix("W/")
        let opaque = weak ? fileTag.dropFirst(2) : Substring(fileTag)
        let inner = opaque.hasPrefix("\"") && opaque.hasSuffix("\"") && opaque.count >= 2
            ? opaque.dropFirst().dropLast() : opaque
        return (weak ? "W/" : "") + "\"\(inner)-lr\(generation)\""
    }

    static func matches(_ condition: String, _ tag: String) -> Bool {
        if condition.trimmingCharacters(in: .whitespaces) == "*" { return true }
        let wanted = opaque(tag)
        return condition.split(separator: ",").contains { opaque($0.trimmingCharacters(in: .whitespaces)) == wanted }
    }

    private static func opaque(_ tag: String) -> String {
        tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }
}
