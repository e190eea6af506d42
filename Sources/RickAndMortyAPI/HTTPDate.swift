import Foundation

/// The IMF-fixdate of HTTP headers (`Sun, 06 Nov 1994 08:49:37 GMT`), used by `Last-Modified`,
/// `If-Modified-Since` and `Retry-After`.
package enum HTTPDate {
    package static func string(from date: Date) -> String {
        formatter().string(from: date)
    }

    package static func date(from string: String) -> Date? {
        formatter().date(from: string.trimmingCharacters(in: .whitespaces))
    }

    /// A fresh formatter per call: `DateFormatter` is not `Sendable`, and these headers are rare.
    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }
}
