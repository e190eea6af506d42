import Foundation

/// URLs as rmwiki prints them: without the user name and password an `--api` URL may carry, since progress lines
/// and errors end up in logs that others read.
enum URLText {
    static func display(_ url: URL) -> String {
        display(url.absoluteString)
    }

    /// Drops whatever stands before the last `@` of the authority (between `://` and the path), parsable or not.
    static func display(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://") else { return text }
        let authority = text[schemeEnd.upperBound...].prefix { !"/?#".contains($0) }
        guard let at = authority.lastIndex(of: "@") else { return text }
        return String(text[..<schemeEnd.upperBound]) + text[text.index(after: at)...]
    }
}

extension String {
    /// Text a server chose, fit for a terminal or a log: control characters become U+FFFD and it is cut at 200
    /// characters, so an answer cannot rewrite the screen or flood the log.
    var printable: String {
        String(String.UnicodeScalarView(unicodeScalars.prefix(200).map { scalar in
            scalar.properties.generalCategory == .control ? "\u{FFFD}" : scalar
        }))
    }
}
