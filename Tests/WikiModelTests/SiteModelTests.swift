import Foundation
@testable import RickAndMortyAPI
import TestSupport
import Testing
@testable import WikiModel

@Suite struct SiteModelTests {
    let model = try! SiteModel(
        dataset: Dataset(SmallWorld.snapshot), avatarExtensions: [1: "jpeg", 2: "jpeg"],
        configuration: try! SiteConfiguration(baseURL: "/wiki/"), strings: StringTableFixture.english)

    func page(_ route: Route) throws -> SitePage {
        try #require(try model.pages().first { $0.route == route })
    }

    @Test func everyRecordGetsExactlyOnePage() throws {
        let routes = try model.pages().map(\.route)
        #expect(Set(routes).count == routes.count)
        #expect(routes.filter { if case .character = $0 { true } else { false } }.count == 3)
        #expect(routes.filter { if case .location = $0 { true } else { false } }.count == 2)
        #expect(routes.filter { if case .episode = $0 { true } else { false } }.count == 3)
        #expect(routes.contains(.home) && routes.contains(.search) && routes.contains(.notFound))
        #expect(routes.contains(.characters(page: 1)) && !routes.contains(.characters(page: 2)))
    }

    @Test func characterInfoLinksByNameAndShowsMissingRecordsAsText() throws {
        guard let morty = try page(.character(2)).content as? CharacterPage else { Issue.record("wrong kind"); return }
        let rows = Dictionary(uniqueKeysWithValues: morty.info.map { ($0.key, $0) })
        // One episode: its first is its last, said once.
        #expect(morty.info.map(\.key) == InfoField.allCases.map(\.key).filter { $0 != "last-seen" && $0 != "original-name" })
        #expect(rows["created"]?.label == "Added to the API on", "the record's date, not a story fact")
        #expect(rows["origin"]?.value == "Place 99")
        #expect(rows["origin"]?.url == nil, "location 99 does not exist: plain text, no broken link")
        #expect(rows["location"]?.url == "/wiki/locations/2/")
        #expect(rows["first-seen"]?.url == "/wiki/episodes/1/")
        #expect(rows["created"]?.value == "November 4, 2017")
        #expect(rows["created"]?.datetime == "2017-11-04")
        #expect(rows["status"]?.badgeClass == "status-unknown")
    }

    @Test func blankFieldsAreLeftOutOfACharactersInfo() throws {
        guard let rick = try page(.character(1)).content as? CharacterPage else { Issue.record("wrong kind"); return }
        #expect(!rick.info.contains { $0.key == "type" }, "no \"Type —\" for a blank type")
        #expect(!rick.info.contains { $0.value == "—" || $0.value.isEmpty })
        #expect(Array(rick.info.map(\.key).prefix(7)) == ["status", "species", "gender", "origin", "location", "first-seen", "last-seen"])
    }

    @Test func oneSidedLinksShowOnBothPages() throws {
        guard let bold = try page(.character(3)).content as? CharacterPage,
              let lawnmower = try page(.episode(2)).content as? EpisodePage
        else { Issue.record("wrong kind"); return }
        #expect(bold.seasons.flatMap(\.episodes).map(\.id) == [2])
        #expect(lawnmower.characters.cards.map(\.id) == [1, 3])
        guard let earth = try page(.location(1)).content as? LocationPage else { Issue.record("wrong kind"); return }
        #expect(earth.residents.cards.map(\.id) == [1, 3], "character 3 lives on Earth though Earth does not list it")
    }

    @Test func unknownVocabularyKeepsItsTextWithTheUnknownColour() throws {
        guard let bold = try page(.character(3)).content as? CharacterPage else { Issue.record("wrong kind"); return }
        #expect(bold.info.first { $0.key == "status" }?.value == "Zombified")
        #expect(bold.info.first { $0.key == "status" }?.badgeClass == "status-unknown")
        #expect(bold.gender == Badge(label: "Fluid", cssClass: "gender-unknown"))
        #expect(bold.image.src == "/wiki/assets/no-avatar.svg", "no avatar cached: the placeholder")
    }

    @Test func episodesAreGroupedBySeasonWithUnparseableCodesLast() throws {
        guard let index = try page(.episodes).content as? EpisodeIndexPage else { Issue.record("wrong kind"); return }
        #expect(index.seasons.map(\.title) == ["Season 1", "Other episodes"])
        #expect(index.seasons[0].episodes.map(\.code) == ["S01E01", "S01E02"])
        #expect(index.seasons[0].episodes[0].airDate == "December 2, 2013")
        #expect(index.seasons[1].episodes[0].airDate == "sometime", "an unparseable date is shown as given")
    }

    @Test func metaTagsNameThePageAndTheSite() throws {
        let rick = try page(.character(1))
        #expect(rick.meta.title == "Rick Sanchez · Rick and Morty Wiki")
        #expect(rick.meta.canonicalURL == "/wiki/characters/1/")
        #expect(rick.meta.ogImage == "/wiki/images/characters/1.jpeg")
        #expect(rick.navigation.filter(\.isCurrent).map(\.label) == ["Characters"])
        #expect(try page(.home).meta.title == "Rick and Morty Wiki")
    }

    @Test func searchIndexListsEveryCharacterWithVocabularyIndexes() throws {
        let index = model.searchIndex()
        #expect(index.entries.map(\.id) == [1, 2, 3])
        #expect(index.statuses.prefix(3).map(\.cssClass) == ["status-alive", "status-dead", "status-unknown"])
        #expect(index.statuses[index.entries[2].status].label == "Zombified")
        #expect(index.species[index.entries[0].species] == "Human")
    }

    @Test func theSearchIndexWritesAPictureAtItsStandardAddressAsItsExtensionAlone() throws {
        let json = try JSONSerialization.jsonObject(with: Data(model.searchIndexJSON())) as? [String: Any]
        let rows = try #require(json?["characters"] as? [[Any]])
        let pictures = rows.map { $0[5] as? String }
        #expect(pictures.prefix(2) == ["jpeg", "jpeg"])
        #expect(pictures.last??.hasSuffix("/no-avatar.svg") == true, "a picture elsewhere keeps its address")
        #expect(json?["avatar"] as? String == "/wiki/images/characters/{id}.{ext}")
    }

    @Test func avatarsAndTheirCopiesArePublishedUnderTheirIDs() {
        #expect(SiteModel.avatarPath(characterID: 7, fileExtension: "png") == "images/characters/7.png")
        #expect(SiteModel.avatarCopyPath(characterID: 7, copy: AvatarCopy(side: 44, width: 44, height: 50, fileExtension: "jpg"))
            == "images/characters/7-44.jpg")
    }

    @Test func aMissingStringIsAnErrorNamingKeyAndLocale() {
        var entries = StringTableFixture.english.entries
        entries["info_species"] = nil
        #expect(throws: MissingStringError(key: "info_species", locale: "xx")) {
            try SiteModel(
                dataset: Dataset(SmallWorld.snapshot), avatarExtensions: [:],
                configuration: try SiteConfiguration(), strings: StringTable(locale: "xx", entries: entries)
            ).pages()
        }
        // The model does not know where the tables were read from: the build adds the file (StringTableTests).
        #expect(MissingStringError(key: "info_species", locale: "xx").description == "missing string 'info_species' in locale 'xx'")
    }
}

@Suite struct BlankNameTests {
    @Test func blankNamesGetAPlaceholderAndLinksUseTheRecordsName() throws {
        var snapshot = SmallWorld.snapshot
        snapshot.characters[1].name = "  "
        snapshot.characters[0].location = NamedReference(name: "", url: "\(SmallWorld.api)/location/1")
        snapshot.episodes[0].name = ""
        let model = try SiteModel(
            dataset: Dataset(snapshot), avatarExtensions: [:], configuration: try SiteConfiguration(),
            strings: StringTableFixture.english)
        let pages = try model.pages()
        guard let morty = pages.first(where: { $0.route == .character(2) })?.content as? CharacterPage,
              let rick = pages.first(where: { $0.route == .character(1) })?.content as? CharacterPage
        else { Issue.record("missing pages"); return }
        #expect(morty.name == "Unnamed")
        #expect(rick.info.first { $0.key == "location" }?.value == "Earth (C-137)", "the record's name, not the blank reference")
        #expect(rick.seasons.first?.episodes.first?.name == "Unnamed")
        #expect(pages.first { $0.route == .character(2) }?.meta.title == "Unnamed · Rick and Morty Wiki")
        #expect(model.searchIndex().entries[1].name == "Unnamed")
    }
}

@Suite struct RepeatedIDTests {
    @Test func aRepeatedIDKeepsItsFirstRecordAndGetsOnePage() throws {
        var snapshot = SmallWorld.snapshot
        var copy = snapshot.characters[0]
        copy.name = "Second Rick"
        snapshot.characters.append(copy)
        let dataset = Dataset(snapshot)
        #expect(dataset.characters.map(\.id) == [1, 2, 3])
        #expect(dataset.character(1)?.name == "Rick Sanchez")
        let model = try SiteModel(
            dataset: dataset, avatarExtensions: [:], configuration: try SiteConfiguration(), strings: StringTableFixture.english)
        let routes = try model.pages().map(\.route)
        #expect(Set(routes).count == routes.count)
    }

    /// A browser breaks a line after a hyphen before a digit ("originaire d’Earth (C-" / "137)" on a card at 1280 px):
    /// such a word is one run kept whole, the rest as written; a long word stays free to wrap.
    @Test func aCodeIsKeptWholeOnACard() {
        func runs(_ text: String) -> [String] { KeptRun.runs(text).map { $0.keep ? "[\($0.text)]" : $0.text } }
        #expect(runs("originaire d’Earth (C-137), n°\u{202F}92") == ["originaire d’Earth ", "[(C-137),]", " n°\u{202F}92"])
        #expect(runs("Dimension C-137") == ["Dimension ", "[C-137]"])
        #expect(runs("Earth (5-126)") == ["Earth ", "[(5-126)]"])
        #expect(runs("Post-Apocalyptic Earth") == ["Post-Apocalyptic Earth"], "a hyphen before a letter breaks as it should")
        #expect(runs("Rick") == ["Rick"])
        #expect(runs("") == [""])
        let long = String(repeating: "a", count: 40) + "-1"
        #expect(runs(long) == [long], "a word longer than a card still wraps")
    }
}
