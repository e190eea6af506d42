/// A value of a translated field (a species, a location type, a status, a gender) that a language's table has
/// no entry for, so that language's pages show the API's English word. New data brings such words (the 2018 API's
/// "Mytholog", "Vampire", "Parasite"); the build warns about each, or stops on them with `--strict`.
package struct UntranslatedWord: Sendable, Hashable {
    /// "species", "location type", "status", "gender": what the README and the warning call the field.
    package let field: String
    package let value: String
    /// The table entry that would translate it: `term_species_Mytholog`, `status_undead`.
    package let key: String

    /// The language the API writes in: its words need no entry in that language's table.
    static let dataLanguage = "en"

    /// The words of `dataset` that `strings` does not translate, in field and value order; none for the
    /// API's own language.
    package static func find(in dataset: Dataset, strings: StringTable) -> [UntranslatedWord] {
        guard strings.locale != dataLanguage else { return [] }
        var words = Set<UntranslatedWord>()
        func check(_ field: String, _ value: String, key: String) {
            if !value.trimmed.isEmpty, strings.entries[key] == nil { words.insert(UntranslatedWord(field: field, value: value, key: key)) }
        }
        for character in dataset.characters {
            check("species", character.species, key: StringTable.termKey("species", character.species))
            // "unknown" and blank statuses and genders have their own entries, always present.
            check("status", character.status, key: CharacterVocabulary.key("status", character.status))
            check("gender", character.gender, key: CharacterVocabulary.key("gender", character.gender))
        }
        for location in dataset.locations where !location.type.isUnknownValue {
            check("location type", location.type, key: StringTable.termKey("location_type", location.type))
        }
        return words.sorted { ($0.field, $0.value) < ($1.field, $1.value) }
    }
}
