/// The status and gender values the API uses, each with its own colour class and translated label.
/// A value outside the vocabulary (hostile or future data) is shown as it is, coloured as "unknown".
enum CharacterVocabulary {
    static let statuses = ["alive", "dead", "unknown"]
    static let genders = ["female", "male", "genderless", "unknown"]

    static func status(_ raw: String, _ strings: StringTable) throws -> Badge {
        try badge(raw, known: statuses, prefix: "status", strings)
    }

    static func gender(_ raw: String, _ strings: StringTable) throws -> Badge {
        try badge(raw, known: genders, prefix: "gender", strings)
    }

    private static func badge(
        _ raw: String, known: [String], prefix: String, _ strings: StringTable
    ) throws -> Badge {
        let key = raw.lowercased()
        guard known.contains(key) else { return Badge(label: raw, cssClass: "\(prefix)-unknown") }
        return Badge(label: try strings("\(prefix)_\(key)"), cssClass: "\(prefix)-\(key)")
    }
}
