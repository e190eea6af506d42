import Foundation

/// French elision where a phrase of the string table meets a name: "de", "le", "la", "que" lose their vowel
/// before a name read with a vowel first ("originaire d’Earth (C-137)", "Portrait d’Abradolf Lincler").
///
/// Decided by the name's first letters, as a French reader says the English names of the data: a vowel elides
/// (accented or not); `h` does not, since a French reader gives an English name's h its breath ("de Hamurai",
/// "de Heistotron"); `y` elides only before a consonant ("d’Yvonne"), since before a vowel it is heard as a
/// consonant ("de Young Jerry", "de Yaarb"); "One" and "Once" begin with a /w/ ("de One Crew…"); a lone letter is
/// spelled ("de A à Z"), an initial is not ("d’E. Coli"). Anything else (a digit, a quotation mark) keeps the whole word. The README lists the same rule.
struct Elision: Sendable, Equatable {
    /// Lower-cased, as the table lists them.
    private let words: Set<String>

    init(words list: String) {
        words = Set(list.split(whereSeparator: \.isWhitespace).map { $0.lowercased() })
    }

    /// Elides the word `text` ends with ("… de ") when `value` begins with a vowel sound.
    func elide(_ text: inout String, before value: String) {
        guard !words.isEmpty, text.utf8.last == UInt8(ascii: " ") else { return }
        // The word first: most phrases end with none of the table's, and the name's sound costs more.
        let word = Self.lastWord(beforeSpaceEnding: text)
        guard word.count >= 2, words.contains(word.lowercased()),
              Self.beginsWithVowelSound(value) else { return }
        text = String(text.dropLast(2)) + "’"
    }

    /// The letters `text` ends with before its final space. Read as bytes while they are ASCII (each byte a character,
    /// and letters are a-z and A-Z): this runs for every value a phrase is given.
    private static func lastWord(beforeSpaceEnding text: String) -> String {
        let bytes = text.utf8
        let end = bytes.index(before: bytes.endIndex)
        var start = end
        while start > bytes.startIndex {
            let previous = bytes.index(before: start)
            let byte = bytes[previous]
            if byte >= 0x80 {
                let word = text.dropLast().reversed().prefix { $0.isLetter }
                return String(word.reversed())
            }
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) else { break }
            start = previous
        }
        return String(text[start..<end])
    }

    /// Whether a French reader hears a vowel first in `name` (see the type's comment).
    static func beginsWithVowelSound(_ name: String) -> Bool {
        let start = name.prefix(4).lowercased()
        // ASCII has no diacritics to fold, and folding makes a Foundation locale each time (most of the data's names).
        let letters = Array(start.utf8.allSatisfy { $0 < 0x80 } ? start : start.folding(options: .diacriticInsensitive, locale: nil))
        // A lone letter is spelled ("de A à Z"); an initial is not ("d’E. Coli").
        guard let first = letters.first, letters.count > 1 && !letters[1].isWhitespace else { return false }
        func isVowel(_ letter: Character?) -> Bool { letter.map { "aeiou".contains($0) } ?? false }
        switch first {
        case "o":
            // "One", "Once": heard with a /w/.
            let start = String(letters)
            return !(start == "once" || start.hasPrefix("one") && (letters.count == 3 || !letters[3].isLetter))
        case "y": return !isVowel(letters[1]) && letters[1] != "y"
        default: return isVowel(first) || first == "æ" || first == "œ"
        }
    }
}
