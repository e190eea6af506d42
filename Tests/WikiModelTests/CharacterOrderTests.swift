@testable import RickAndMortyAPI
import TestSupport
import Testing
@testable import WikiModel

/// A–Z by the language's collation, on names with accents: accented capitals sort with their letter, not after Z.
@Suite struct CharacterOrderTests {
    static let names = ["Zoé", "Éric", "Eve", "Ézéchiel", "Abe", "Ábradolf", "ezra", "Édith", "Oscar", "Œdipe", "7+7 Morty"]

    func sorted(_ locale: String, hint: [Int] = []) throws -> (names: [String], letters: [LetterLink]) {
        var snapshot = SmallWorld.snapshot
        snapshot.characters = Self.names.enumerated().map { SmallWorld.character($0.offset + 1, $0.element) }
        let entries = StringTableFixture.english.entries
        let model = try SiteModel(
            dataset: Dataset(snapshot), avatarExtensions: [:], configuration: try SiteConfiguration(),
            strings: StringTable(locale: locale, entries: entries), alphabeticalHint: hint)
        let page = try #require(try model.pages(of: .characters).first { $0.route == .characters(page: 1, order: .alphabetical) })
        let content = try #require(page.content as? CharacterIndexPage)
        return (content.cards.map(\.name), content.letters)
    }

    @Test(arguments: ["fr", "en"])
    func accentsSortWithTheirLetter(locale: String) throws {
        let (names, letters) = try sorted(locale)
        #expect(names == ["7+7 Morty", "Abe", "Ábradolf", "Édith", "Éric", "Eve", "Ézéchiel", "ezra", "Œdipe", "Oscar", "Zoé"])
        #expect(names != Self.names.sorted(), "code points put É and Œ after Z")
        let linked = letters.filter { $0.url != nil }.map(\.label)
        #expect(linked == ["#", "A", "E", "O", "Z"], "Éric under E, Œdipe under O")
        #expect(letters.count == 27)
    }

    /// The last build's order is only where the sort starts: stale, shuffled, with ids gone or missing, the order is the
    /// one sorted from nothing.
    @Test(arguments: ["fr", "en"])
    func theOrderDoesNotDependOnTheHintItIsSortedFrom(locale: String) throws {
        let fresh = try sorted(locale)
        let count = Self.names.count
        for hint in [Array(1...count), Array((1...count).reversed()), [3, 99, 1, -4, 7, 7, 2], [5, 11, 2, 9, 1, 4, 10, 6, 3, 8, 7]] {
            let hinted = try sorted(locale, hint: hint)
            #expect(hinted.names == fresh.names, "sorted from \(hint)")
            #expect(hinted.letters == fresh.letters)
        }
        let model = try SiteModel(
            dataset: Dataset(SmallWorld.snapshot), avatarExtensions: [:], configuration: try SiteConfiguration(),
            strings: StringTable(locale: locale, entries: StringTableFixture.english.entries), alphabeticalHint: [42])
        #expect(model.alphabeticalHint == [42], "not sorted yet: the hint it was given, for the next build")
        _ = try model.pages(of: .characters)
        #expect(Set(model.alphabeticalHint) == Set(SmallWorld.snapshot.characters.map(\.id)), "sorted: this build's order")
    }

    @Test func routesOfTheOrders() {
        #expect(Route.characters(page: 1).relativeURL == "characters/")
        #expect(Route.characters(page: 3).relativeURL == "characters/page/3/")
        #expect(Route.characters(page: 1, order: .alphabetical).relativeURL == "characters/a-z/")
        #expect(Route.characters(page: 13, order: .alphabetical).relativeURL == "characters/a-z/page/13/")
        #expect(Route.characters(page: 2, order: .mostEpisodes).relativeURL == "characters/most-episodes/page/2/")
    }

    @Test func thePickerListsEveryPageUpToAHundredAndABoundedNumberBeyond() throws {
        let strings = StringTableFixture.english
        let small = try PagePicker.make(current: 13, total: 42, url: { "/p/\($0)/" }, strings: strings)
        #expect(small.entries.map(\.label) == (1...42).map(String.init))
        #expect(small.entries.filter(\.isCurrent).map(\.label) == ["13"])
        #expect(small.entries[12].url == nil && small.entries[11].url == "/p/12/")
        #expect(small.summary == "Page 13 of 42")
        for total in [101, 413, 4_130] {
            let large = try PagePicker.make(current: 77, total: total, url: { "/p/\($0)/" }, strings: strings)
            let pages = large.entries.compactMap { Int($0.label) }
            #expect(pages.count <= PagePicker.maximumEntries + 1, "\(total) pages: \(pages.count) entries")
            #expect(pages.first == 1 && pages.last == total && pages.contains(77) && pages == pages.sorted())
            let widest = zip(pages, pages.dropFirst()).map { $1 - $0 }.max() ?? 0
            #expect(widest <= total / (PagePicker.maximumEntries - 2) + 1, "\(total) pages: a gap of \(widest)")
        }
    }
}
