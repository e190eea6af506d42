import Foundation

/// Numbers as text with a locale's group separator, without Foundation's locale machinery (deterministic).
package enum NumberText {
    package static func grouped(_ value: Int, separator: String) -> String {
        let digits = String(value.magnitude)
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (value < 0 ? "-" : "") + groups.joined(separator: separator)
    }
}

/// Byte counts for people: `512 B`, `48.3 KB`, `31.2 MB` (decimal units, as network tools show them).
package enum ByteCount {
    package static func format(_ bytes: Int) -> String {
        let value = Double(bytes)
        if value < 1_000 { return "\(bytes) B" }
        if value < 1_000_000 { return String(format: "%.1f KB", value / 1_000) }
        if value < 1_000_000_000 { return String(format: "%.1f MB", value / 1_000_000) }
        return String(format: "%.2f GB", value / 1_000_000_000)
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

/// URLs as rmwiki prints them: without the user name and password an `--api` URL may carry, since progress lines
/// and errors end up in logs that others read.
package enum URLText {
    package static func display(_ url: URL) -> String {
        display(url.absoluteString)
    }

    /// Drops whatever stands before the last `@` of the authority (between `://` and the path), parsable or not.
    package static func display(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://") else { return text }
        let authority = text[schemeEnd.upperBound...].prefix { !"/?#".contains($0) }
        guard let at = authority.lastIndex(of: "@") else { return text }
        return String(text[..<schemeEnd.upperBound]) + text[text.index(after: at)...]
    }
}
