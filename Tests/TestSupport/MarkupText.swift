/// Character references as the site writes them, decoded back to text, to compare a page's text with the data.
package enum MarkupText {
    static let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]

    package static func decode(_ text: String) -> String {
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            guard let semicolon = rest.prefix(12).firstIndex(of: ";"),
                  let decoded = character(String(rest[rest.index(after: ampersand)..<semicolon]))
            else {
                result.append("&")
                rest = rest.dropFirst()
                continue
            }
            result += decoded
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    static func character(_ reference: String) -> String? {
        if let text = named[reference] { return text }
        guard reference.hasPrefix("#") else { return nil }
        let digits = reference.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }

    /// The decoded text inside the first `<tag …>…</tag>` of `html` (tags within it removed).
    package static func firstElementText(_ tag: String, in html: String) -> String? {
        guard let start = html.range(of: "<\(tag)"), let close = html[start.upperBound...].firstIndex(of: ">"),
              let end = html[close...].range(of: "</\(tag)>")
        else { return nil }
        let inner = html[html.index(after: close)..<end.lowerBound]
        let withoutTags = inner.replacing(/<[^>]*>/, with: "")
        return decode(String(withoutTags))
    }
}
