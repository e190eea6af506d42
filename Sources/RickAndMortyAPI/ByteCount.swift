import Foundation

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
