extension String {
    /// Text a server chose, fit for a terminal or a log: control characters become U+FFFD and it is cut at 200
    /// characters, so an answer cannot rewrite the screen or flood the log.
    var printable: String {
        String(String.UnicodeScalarView(unicodeScalars.prefix(200).map { scalar in
            scalar.properties.generalCategory == .control ? "\u{FFFD}" : scalar
        }))
    }
}
