import Foundation

/// The time a build is dated by (the "What's new" entries and the feed). `SOURCE_DATE_EPOCH`, the
/// reproducible-builds convention, overrides the system clock, so tests and packagers get fixed dates.
enum BuildClock {
    static func now(environment: [String: String] = ProcessInfo.processInfo.environment) -> Date {
        if let text = environment["SOURCE_DATE_EPOCH"], let seconds = Int64(text) {
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        return Date()
    }
}
