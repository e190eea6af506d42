import Foundation

extension Duration {
    /// The duration as fractional seconds, for APIs that take a `TimeInterval` and for printing.
    package var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// Durations as rmwiki prints and reads them, one format per use.
package enum DurationText {
    /// `840 ms` below a second, `12.3 s` above: how long a build or one of its phases took.
    package static func elapsed(_ duration: Duration) -> String {
        let milliseconds = duration.seconds * 1000
        if milliseconds < 1000 {
            return "\(Int(milliseconds.rounded())) ms"
        }
        let tenths = Int((milliseconds / 100).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }

    /// `12.3s`: a fetch's progress lines and its summary.
    package static func compact(_ duration: Duration) -> String {
        String(format: "%.1fs", duration.seconds)
    }

    /// `90m`, `2h`, `45s`: the whole-unit form `--max-time` takes, in the largest unit that divides it.
    package static func limit(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        if seconds > 0, seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds > 0, seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }

    /// Reads `600s`, `90m`, `2h`: a whole number and a unit, at most a day (a nightly job's longest
    /// sensible run).
    package static func limit(_ text: String) -> Duration? {
        guard let unit = text.last, let number = Int(text.dropLast()), (1...86_400).contains(number) else { return nil }
        let seconds: Int
        switch unit {
        case "s": seconds = number
        case "m": seconds = number * 60
        case "h": seconds = number * 3600
        default: return nil
        }
        return seconds <= 86_400 ? .seconds(seconds) : nil
    }
}
