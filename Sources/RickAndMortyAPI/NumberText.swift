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
