@testable import RickAndMortyAPI
import TestSupport
import Testing
@testable import WikiModel

/// A–Z by the language's collation, on names with accents: accented capitals sort with their letter, not after Z.
@Suite struct CharacterOrderTests {
    static let names = ["Zoé", "Éric", "Eve", "Ézéchiel", "Abe", "Ábradolf", "ezra", "Édith", "Oscar", "Œdipe", "7+7 Morty"]

    /// `arranged` puts the characters (ids 1 to 11, in the order of `names`) in the order the dataset lists them.
    func sorted(_ locale: String, arranged: ([CharacterRecord]) -> [CharacterRecord] = { $0 }) throws
        -> (names: [String], letters: [LetterLink]) {
        var snapshot = SmallWorld.snapshot
        snapshot.characters = arranged(Self.names.enumerated().map { SmallWorld.character($0.offset + 1, $0.element) })
        let entries = StringTableFixture.english.entries
        let model = try SiteModel(
            dataset: Dataset(snapshot), avatarExtensions: [:], configuration: try SiteConfiguration(),
            strings: StringTable(locale: locale, entries: entries))
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

    /// The names in lower case are only where the sort starts: whatever order the records come in, the order is the
    /// collation's.
    @Test(arguments: ["fr", "en"])
    func theOrderDoesNotDependOnTheRecordsOrder(locale: String) throws {
        let listed = try sorted(locale)
        for arranged in [{ $0.reversed() }, { $0.sorted { $0.name < $1.name } }, { Array($0[5...] + $0[..<5]) }] as [([CharacterRecord]) -> [CharacterRecord]] {
            let sorted = try sorted(locale, arranged: arranged)
            #expect(sorted.names == listed.names)
            #expect(sorted.letters == listed.letters)
        }
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
