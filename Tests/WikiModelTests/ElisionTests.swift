import Testing
@testable import WikiModel

/// The elision of `StringTable.format`, on the words before a value read as bytes (ASCII) and as characters (others).
@Suite struct ElisionTests {
    func format(_ pattern: String, _ value: String, words: String = "de le la que") throws -> String {
        let table = StringTable(locale: "fr", entries: ["elision_words": words, "phrase": pattern])
        return try table.format("phrase", ["x": value])
    }

    @Test func wordsOfTheTableElideBeforeAVowelSound() throws {
        #expect(try format("originaire de {x}", "Earth (C-137)") == "originaire d’Earth (C-137)")
        #expect(try format("Portrait de {x}", "Abradolf Lincler") == "Portrait d’Abradolf Lincler")
        #expect(try format("(De {x}", "Éric") == "(D’Éric", "a capital, after a sign, before an accented vowel")
        #expect(try format("que {x}", "Yvonne") == "qu’Yvonne")
    }

    @Test func othersKeepTheirVowel() throws {
        #expect(try format("originaire de {x}", "Hamurai") == "originaire de Hamurai", "h keeps its breath")
        #expect(try format("de {x}", "One Crew") == "de One Crew")
        #expect(try format("de {x}", "A") == "de A", "a lone letter is spelled")
        #expect(try format("mode {x}", "Earth") == "mode Earth", "a word that only ends like one of the table's")
        #expect(try format("ède {x}", "Earth") == "ède Earth", "an accented letter is part of the word")
        #expect(try format("de{x}", "Earth") == "deEarth", "no space, no elision")
        #expect(try format("e {x}", "Earth") == "e Earth")
    }

    @Test func aWordWithAccentsIsReadByCharacters() throws {
        #expect(try format("vue lé {x}", "Earth", words: "lé") == "vue l’Earth")
        #expect(try format("vue le {x}", "Earth", words: "lé") == "vue le Earth")
    }
}
