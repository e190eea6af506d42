/// A value of a translated field (a species, a location type, a status, a gender, a dimension said in words) that a language's table has
/// no entry for, so that language's pages show the API's English word. New data brings such words (the 2018 API's
/// "Mytholog", "Vampire", "Parasite"); the build warns about each, or stops on them with `--strict`.
package struct UntranslatedWord: Sendable, Hashable {
    /// "species", "location type", "status", "gender", "dimension": what the README and the warning call the field.
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
        for location in dataset.locations {
            if !location.type.isUnknownValue {
                check("location type", location.type, key: StringTable.termKey("location_type", location.type))
            }
            if !location.dimension.isUnknownValue, !location.dimension.isDimensionCode {
                check("dimension", location.dimension, key: StringTable.termKey("dimension", location.dimension))
            }
        }
        return words.sorted { ($0.field, $0.value) < ($1.field, $1.value) }
    }
}

extension String {
    /// A dimension named by its code, "Dimension" and one word with a digit ("Dimension C-137", "Dimension J19ζ7"):
    /// a name, read the same in every language. Any other ("Replacement Dimension", "Cronenberg Dimension") is
    /// described in English words, which a language translates whole: French puts the noun first and makes the
    /// rest agree ("Dimension de remplacement", "Dimension fasciste").
    var isDimensionCode: Bool {
        let words = split(whereSeparator: \.isWhitespace)
        return words.count == 2 && words[0].lowercased() == "dimension" && words[1].contains(where: \.isNumber)
    }
}
