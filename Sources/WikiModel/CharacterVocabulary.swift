/// The status and gender values the API uses, each with its own colour class and translated label.
/// A value outside the vocabulary (hostile or future data) is coloured as "unknown" and shown as the table
/// translates it (`status_<value>`), else as it is.
enum CharacterVocabulary {
    static let statuses = ["alive", "dead", "unknown"]
    static let genders = ["female", "male", "genderless", "unknown"]

    /// The status as a category (filters, charts): the form that does not depend on gender.
    static func status(_ raw: String, _ strings: StringTable) throws -> Badge {
        try badge(raw, known: statuses, prefix: "status", strings)
    }

    /// The status of one character, agreeing with its gender where the language inflects it
    /// (French: Vivant, Vivante): `status_<value>_female` for female characters.
    static func status(_ raw: String, gender: String, _ strings: StringTable) throws -> Badge {
        let plain = try status(raw, strings)
        guard gender.lowercased() == "female", statuses.contains(raw.lowercased()) else { return plain }
        return Badge(label: try strings(key("status", raw) + "_female"), cssClass: plain.cssClass)
    }

    /// The status as said of a group of characters (a chart's legend): French takes the plural ("Vivants").
    static func statusGroup(_ raw: String, _ strings: StringTable) throws -> Badge {
        let plain = try status(raw, strings)
        guard statuses.contains(raw.lowercased()) else { return plain }
        return Badge(label: try strings(key("status", raw) + "_group"), cssClass: plain.cssClass)
    }

    static func gender(_ raw: String, _ strings: StringTable) throws -> Badge {
        try badge(raw, known: genders, prefix: "gender", strings)
    }

    private static func badge(
        _ raw: String, known: [String], prefix: String, _ strings: StringTable
    ) throws -> Badge {
        let value = raw.lowercased()
        guard known.contains(value) else {
            // A word the data brought later may be translated by the table (`UntranslatedWord` says which are not).
            return Badge(label: strings.entries[key(prefix, raw)] ?? raw, cssClass: "\(prefix)-unknown")
        }
        return Badge(label: try strings(key(prefix, raw)), cssClass: "\(prefix)-\(value)")
    }

    /// The table entry of a status or gender (`status_<value>`, `gender_<value>`), the value in lower case.
    static func key(_ prefix: String, _ raw: String) -> String { "\(prefix)_\(raw.lowercased())" }
}

extension String {
    /// The API's word for a value it does not know (a status, an origin, a dimension): said in the page's
    /// language, never shown as the English data word.
    var isUnknownValue: Bool { trimmed.lowercased() == "unknown" }
}
