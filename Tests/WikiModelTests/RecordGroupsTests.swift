@testable import RickAndMortyAPI
import TestSupport
import Testing
@testable import WikiModel

/// Dimensions, species, types and seasons on the small world: which groups get a page, what the pages hold,
/// how they paginate, and the links to them from the records' pages.
@Suite struct RecordGroupsTests {
    let model = try! SiteModel(
        dataset: Dataset(SmallWorld.snapshot), avatarExtensions: [:],
        configuration: try! SiteConfiguration(baseURL: "/wiki/"), strings: StringTableFixture.english)

    func page(_ route: Route, of model: SiteModel? = nil) throws -> SitePage {
        try #require(try (model ?? self.model).pages().first { $0.route == route })
    }

    @Test func onlyKnownValuesAndSharedTypesGetAPage() throws {
        let groups = model.groups
        // Location 2's dimension is "unknown", character 3's species is empty, character 1 has no type.
        #expect(groups.dimensions.map(\.name) == ["Dimension C-137"])
        #expect(groups.dimensions.first?.residentIDs == [1, 3], "character 3 lives on Earth though Earth does not list it")
        #expect(groups.dimensions.first?.nativeIDs == [1])
        #expect(groups.groups(of: .species).map(\.name) == ["Human"])
        #expect(groups.groups(of: .species).first?.characterIDs == [1, 2])
        #expect(groups.groups(of: .types).map(\.name) == ["Parasite"])
        #expect(groups.groups(of: .types).first?.characterIDs == [2, 3])
        // Episode 3's code names no season; character 3 is seen first in episode 2, which lists it one-sidedly.
        #expect(groups.seasons.map(\.number) == [1])
        #expect(groups.seasons.first?.episodeIDs == [1, 2])
        #expect(groups.seasons.first?.debutIDs == [1, 2, 3])
        #expect(groups.seasons.first?.returningIDs == [])

        let single = Dataset(Snapshot(
            characters: [SmallWorld.character(1, "Loner", type: "Unique")], locations: [], episodes: []))
        #expect(RecordGroups(single).groups(of: .types).isEmpty, "a type of one character stays text")
    }

    @Test func recordPagesLinkToTheirGroupsAndToTheFilteredSearch() throws {
        guard let morty = try page(.character(2)).content as? CharacterPage,
              let rick = try page(.character(1)).content as? CharacterPage
        else { Issue.record("wrong kind"); return }
        let rows = Dictionary(uniqueKeysWithValues: morty.info.map { ($0.key, $0) })
        #expect(rows["species"]?.url == "/wiki/species/human/")
        #expect(rows["type"]?.url == "/wiki/types/parasite/")
        #expect(rows["status"]?.url == "/wiki/statuses/unknown/")
        // The search script's filters are positions in the index: genders female, male, …
        #expect(rows["gender"]?.url == "/wiki/search/?gender=1")
        #expect(rows["status"]?.badgeClass == "status-unknown", "still shown as a badge")
        #expect(rick.info.first { $0.key == "type" }?.url == nil, "no type, no link")

        let earth = try #require(try page(.location(1)).content as? LocationPage)
        let citadel = try #require(try page(.location(2)).content as? LocationPage)
        #expect(earth.dimensionURL == "/wiki/dimensions/dimension-c-137/")
        #expect(citadel.dimensionURL == nil, "an unknown dimension has no page")

        let pilot = try #require(try page(.episode(1)).content as? EpisodePage)
        let special = try #require(try page(.episode(3)).content as? EpisodePage)
        #expect(pilot.season == RecordLink(name: "Season 1", url: "/wiki/seasons/1/"))
        #expect(special.season == nil)
        let index = try #require(try page(.episodes).content as? EpisodeIndexPage)
        #expect(index.seasons.map(\.url) == ["/wiki/seasons/1/", nil])

        let search = model.searchIndex()
        #expect(search.groups.map(\.path) == [
            "dimensions/dimension-c-137/", "species/human/", "types/parasite/",
            "statuses/alive/", "statuses/zombified/", "statuses/unknown/", "seasons/1/",
        ])
        #expect(search.groups.map(\.kind) == ["Dimension", "Species", "Type", "Status", "Status", "Status", "Season"])
        // A status outside the vocabulary is named as the data says it.
        #expect(search.groups.map(\.name).contains("Zombified"))
    }

    @Test func groupPagesShowTheirMembersTwentyAPage() throws {
        // 45 humans at three locations of one dimension, in two episodes of season 1.
        let big = try SiteModel(
            dataset: Dataset(GeneratedSnapshot.make(characters: 45)), avatarExtensions: [:],
            configuration: SiteConfiguration(), strings: StringTableFixture.english)
        let routes = try big.pages().map(\.route)
        #expect(routes.filter { if case .familyGroup(.species, _, _) = $0 { true } else { false } }
            == (1...3).map { Route.familyGroup(.species, "human", page: $0) })
        let humans = try (1...3).map { number in try #require(try page(.familyGroup(.species, "human", page: number), of: big).content as? FamilyGroupPage) }
        #expect(humans.map(\.cards.count) == [20, 20, 5])
        #expect(humans.flatMap(\.cards).map(\.id) == Array(1...45))
        #expect(humans.map { $0.pager?.current } == [1, 2, 3])

        let dimension = try (1...3).map { number in
            try #require(try page(.dimension("dimension-c-137", page: number), of: big).content as? DimensionPage)
        }
        #expect(dimension.flatMap(\.residents).map(\.id) == Array(1...45))
        #expect(dimension.map(\.locations.count) == [3, 0, 0], "the locations on the first page only")
        #expect(dimension[1].firstPage?.url == "/dimensions/dimension-c-137/")

        let season = try (1...3).map { number in try #require(try page(.season(1, page: number), of: big).content as? SeasonPage) }
        #expect(season.flatMap(\.debuts).map(\.id) == Array(1...45))
        #expect(season.map(\.episodes.count) == [2, 0, 0])
        #expect(season.allSatisfy { !$0.hasReturning })

        // One page needs no pager.
        let parasites = try #require(try page(.familyGroup(.types, "parasite", page: 1)).content as? FamilyGroupPage)
        #expect(parasites.pager == nil)
        #expect(parasites.cards.map(\.id) == [2, 3])
    }

    @Test func slugsAreASCIIAndNeverShared() {
        #expect(Slug.make("Mythological Creature") == "mythological-creature")
        #expect(Slug.make("Dimension J19ζ7") == "dimension-j19-7")
        #expect(Slug.make("Créature") == "creature")
        #expect(Slug.make("Evil Rick's Target Dimension") == "evil-rick-s-target-dimension")
        #expect(Slug.make("<script>") == "script")
        #expect(Slug.make("ζζ") == "x")
        // File names have 255 bytes at most: a long value stops at a word boundary.
        #expect(Slug.make(String(repeating: "Dimension C-137 ", count: 400)) == "dimension-c-137-dimension-c-137-dimension-c-137-dimension-c")
        #expect(Slug.make(String(repeating: "Species ", count: 300)).count <= Slug.maximumLength)
        #expect(Slug.make(String(repeating: "x", count: 300)).count == Slug.maximumLength)
        #expect(Slug.unique(["Cat Person", "Cat-Person", "cat-person-2", "Dog"]) == ["cat-person", "cat-person-3", "cat-person-2", "dog"])
    }
}
