// The WikiModel module: the resolved records (`Dataset`), what they share (`RecordGroups`), the content's model,
// a page model per page kind (`PageKind`) and the search index.

/// A day, parsed from the API's two date shapes without Foundation's locale-dependent formatters,
/// so pages are byte-identical on every machine.
package struct CalendarDate: Sendable, Hashable, Comparable {
    let year: Int
    let month: Int
    let day: Int

    init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), year > 0 else { return nil }
        // A day the month does not have (February 30) would make an invalid `<time datetime>`.
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        guard (1...[31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// `2017-11-04T18:48:46.250Z` (the records' `created`).
    package init?(iso8601 text: String) {
        let parts = text.prefix(10).split(separator: "-")
        guard parts.count == 3, parts[0].count == 4,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The UTC day of a moment given in seconds since 1970 (days to civil date, after Howard Hinnant).
    package init(secondsSince1970 seconds: Int64) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        self.month = Int(month)
        day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    }

    private static let englishMonths = [
        "january", "february", "march", "april", "may", "june",
        "july", "august", "september", "october", "november", "december",
    ]

    /// `December 2, 2013` (the episodes' `air_date`).
    package init?(airDate text: String) {
        let words = text.split(whereSeparator: { $0 == "," || $0 == " " })
        guard words.count == 3,
              let monthIndex = Self.englishMonths.firstIndex(of: words[0].lowercased()),
              let day = Int(words[1]), let year = Int(words[2])
        else { return nil }
        self.init(year: year, month: monthIndex + 1, day: day)
    }

    /// `2013-12-02`, for `<time datetime>` and feeds.
    package var isoDay: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Human-readable in the table's locale: the pattern `date_format` with `{day}`, `{month}`, `{year}`. The
    /// first of the month is `date_first_day`: French writes it as an ordinal ("1er avril"), English as "1".
    func formatted(_ strings: StringTable) throws -> String {
        try strings.format("date_format", [
            "day": day == 1 ? try strings("date_first_day") : String(day), "month": try strings("month_\(month)"),
            "year": String(year),
        ])
    }

    package static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
