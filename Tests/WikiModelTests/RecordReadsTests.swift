@testable import RickAndMortyAPI
import TestSupport
import Testing
@testable import WikiModel

/// A record's page notes the records, cards and relations it reads, not the whole of the data: a change to another
/// record leaves it as it was (see `SiteModel.readDigests`, `PageReuse.compare`).
@Suite struct RecordReadsTests {
    let model = SiteModelTests().model

    func reads(of key: String, in model: SiteModel? = nil) throws -> Set<String> {
        let kind = try #require(PageKind(rawValue: String(key.prefix { $0 != ":" })))
        let maker = try #require((model ?? self.model).pageMakers(of: kind).first { $0.key == key })
        let reads = MakerReads()
        _ = try MakerReads.$current.withValue(reads) { try maker() }
        return reads.read
    }

    @Test(arguments: ["character:1", "character:2", "location:1/1", "location:2/1", "episode:1"])
    func aRecordsPageReadsItsOwnAndItsNeighbours(key: String) throws {
        let read = try reads(of: key)
        let target = String(key.prefix { $0 != "/" })
        #expect(read.contains("@en record " + target), "\(read.sorted())")
        #expect(!read.contains(MakerReads.allRecords), "\(key) read every record")
        let digests = try model.readDigests()
        let unknown = read.filter { $0.first == MakerReads.languageMark && digests[$0] == nil && !$0.contains(" named ") }
        #expect(unknown.isEmpty, "read without a digest: \(unknown.sorted())")
    }

    /// The home, search, statistics and random pages, What's new and the index of every record or group read what they
    /// show (counts, lists, groups, the featured characters, the statistics made, the timeline's groups and their first
    /// entries), not every record: renaming a character none of them shows changes no digest they read, so none runs.
    @Test func indexesReadWhatTheyShowNotEveryRecord() throws {
        let snapshot = GeneratedSnapshot.make(characters: 45)
        func model(_ snapshot: Snapshot) throws -> SiteModel {
            try SiteModel(dataset: Dataset(snapshot), avatarExtensions: [:], configuration: try SiteConfiguration(),
                          strings: StringTableFixture.english)
        }
        let before = try model(snapshot)
        let shown = Set(before.featuredIDs + [before.characterOfTheDay()?.id].compactMap { $0 })
        let id = try #require(snapshot.characters.map(\.id).last { !shown.contains($0) })
        var renamed = snapshot
        let position = try #require(renamed.characters.firstIndex { $0.id == id })
        renamed.characters[position].name = "Renamed Zed"
        let digests = try before.readDigests(), renamedDigests = try model(renamed).readDigests()
        #expect(digests["@en record character:\(id)"] != renamedDigests["@en record character:\(id)"])

        for key in ["home", "search", "statistics", "random", "locations", "episodes", "dimensions", "seasons", "family-index:species",
                    "whats-new"] {
            let read = try reads(of: key, in: before)
            #expect(!read.contains(MakerReads.allRecords), "\(key) read every record")
            let marked = read.filter { $0.first == MakerReads.languageMark }
            #expect(marked.filter { digests[$0] == nil }.isEmpty, "\(key) read without a digest: \(marked.sorted())")
            #expect(marked.filter { digests[$0] != renamedDigests[$0] }.isEmpty, "\(key) runs for a rename")
        }
        #expect(try reads(of: "home", in: before).isSuperset(of: ["@en counts", "@en featured", "@en statistics", "@en random"]))
        #expect(try reads(of: "locations", in: before).contains("@en list location"))
        let timeline = try reads(of: "whats-new", in: before)
        #expect(timeline.contains("@en timeline") && timeline.contains { $0.hasPrefix("@en group summary whats-new/") })
    }

    /// A location of 173 people is three pages, a maker each, as a group's: a resident's card is read by the page that
    /// shows it.
    @Test func eachPageOfALocationReadsTheCardsItShows() throws {
        let (model, keys, reads) = try pagesMade(of: .location, prefix: "location:1/", characters: 130)
        #expect(keys == ["location:1/1", "location:1/2", "location:1/3"])
        let cardsRead = reads.map { $0.filter { $0.hasPrefix("@en card character:") } }
        // Its 43 residents and 130 natives (the residents among them), 60 a page.
        #expect(cardsRead.allSatisfy { $0.count <= SiteModel.locationPeoplePerPage } && Set(cardsRead.joined()).count == 130)
        #expect(try model.pages(of: .location).count == model.pageMakers(of: .location).count)
    }

    /// A page made by its own maker is the page a location's or a dimension's pages made together give at its place: the
    /// same route, meta and values (the first lists the dimension's locations, the others link back to it).
    @Test func aPageMadeAloneIsThePageMadeWithTheOthers() throws {
        let model = try SiteModel(
            dataset: Dataset(GeneratedSnapshot.make(characters: 130)), avatarExtensions: [:],
            configuration: try SiteConfiguration(), strings: StringTableFixture.english)
        func expectSame(_ together: [SitePage], alone: (Int) throws -> [SitePage]) throws {
            for (index, page) in together.enumerated() {
                let made = try #require(try alone(index + 1).first)
                #expect(made.route == page.route && made.meta == page.meta, "\(page.route)")
                #expect(try made.content.templateValue() == page.content.templateValue(), "\(page.route)")
            }
        }
        var pageCounts: [Int] = []
        for location in model.dataset.locations {
            let together = try model.locationPages(location)
            pageCounts.append(together.count)
            try expectSame(together) { try model.locationPages(location, only: $0) }
        }
        for dimension in model.groups.dimensions {
            let together = try model.dimensionPages(dimension)
            pageCounts.append(together.count)
            try expectSame(together) { try model.dimensionPages(dimension, only: $0) }
        }
        // Location 1's 173 people are three pages; the dimension's 130 residents and 130 natives, thirteen.
        #expect(pageCounts.contains(3) && pageCounts.contains(13), "\(pageCounts)")
    }

    /// The makers of a kind whose keys start with `prefix`, over a generated world of `characters`: their keys and
    /// what each read, each having made one page.
    private func pagesMade(of kind: PageKind, prefix: String, characters: Int) throws -> (SiteModel, [String], [Set<String>]) {
        let model = try SiteModel(
            dataset: Dataset(GeneratedSnapshot.make(characters: characters)), avatarExtensions: [:],
            configuration: try SiteConfiguration(), strings: StringTableFixture.english)
        let makers = model.pageMakers(of: kind).filter { $0.key.hasPrefix(prefix) }
        let reads = try makers.map { maker in
            let reads = MakerReads()
            let pages = try MakerReads.$current.withValue(reads) { try maker() }
            #expect(pages.count == 1, "\(maker.key) made \(pages.count) pages")
            return reads.read
        }
        return (model, makers.map(\.key), reads)
    }

    @Test func aPageOfTheCharactersIndexReadsItsPageOfTheOrder() throws {
        let read = try reads(of: "characters:alphabetical/1")
        #expect(read.contains("@en order alphabetical page 1") && read.contains("@en order letters"), "\(read.sorted())")
        #expect(!read.contains(MakerReads.allRecords))
        let digests = try model.readDigests()
        #expect(read.filter { $0.first == MakerReads.languageMark && digests[$0] == nil }.isEmpty)
    }

    @Test func aGroupsPageReadsItsMembers() throws {
        let group = try #require(model.pageMakers(of: .dimension).first)
        let reads = MakerReads()
        _ = try MakerReads.$current.withValue(reads) { try group() }
        #expect(reads.read.contains { $0.hasPrefix("@en group dimension/") }, "\(reads.read.sorted())")
        #expect(!reads.read.contains(MakerReads.allRecords))
    }

    /// A group of 45 humans is three pages, a maker each: a card is read by the page that shows it, so a change to one
    /// member builds one page's values (the group's members, its digest, are read by all three).
    @Test func eachPageOfAGroupReadsTheCardsItShows() throws {
        let (model, keys, reads) = try pagesMade(of: .familyGroup, prefix: "family-group:species/human/", characters: 45)
        #expect(keys == ["family-group:species/human/1", "family-group:species/human/2", "family-group:species/human/3"])
        #expect(reads.allSatisfy { $0.contains("@en group species/human") && !$0.contains(MakerReads.allRecords) })
        let cardsRead = reads.map { $0.filter { $0.hasPrefix("@en card character:") } }
        #expect(cardsRead.map(\.count) == [20, 20, 5])
        #expect(cardsRead[0].isDisjoint(with: cardsRead[1]) && cardsRead[1].isDisjoint(with: cardsRead[2]))
        #expect(try model.pages(of: .familyGroup).count == model.pageMakers(of: .familyGroup).count)
    }

    /// A What's new group's pages read the group's entries and the records they name, not every record.
    @Test func aWhatsNewGroupReadsItsEntriesAndTheirRecords() throws {
        let model = try SiteModel(
            dataset: Dataset(SmallWorld.snapshot), avatarExtensions: [:], configuration: try SiteConfiguration(),
            strings: StringTableFixture.english, history: SmallWorld.history)
        let makers = model.pageMakers(of: .whatsNewGroup)
        #expect(!makers.isEmpty)
        let digests = try model.readDigests()
        for maker in makers {
            let reads = MakerReads()
            _ = try MakerReads.$current.withValue(reads) { try maker() }
            let slug = maker.key.dropFirst("whats-new-group:".count)
            #expect(reads.read.contains("@en group whats-new/\(slug)"), "\(reads.read.sorted())")
            #expect(!reads.read.contains(MakerReads.allRecords), "\(maker.key) read every record")
            #expect(reads.read.contains { $0.hasPrefix("@en record ") }, "\(maker.key) names no record")
            let unknown = reads.read.filter { $0.first == MakerReads.languageMark && digests[$0] == nil }
            #expect(unknown.allSatisfy { !$0.hasPrefix("@en group") }, "read without a digest: \(unknown.sorted())")
        }
    }

    /// A page that names a text without showing it (a "Mentioned in" list, the articles index, a link's words) reads its
    /// heading, not its text: an edit to the body that changes no title, summary, date or link builds only the text's
    /// own page again.
    @Test func aPageThatNamesATextReadsItsHeading() throws {
        func model(_ first: String) throws -> SiteModel {
            let dataset = Dataset(SmallWorld.snapshot)
            let content = try ResolvedContent(SiteContent(texts: [
                .article("first"): ["en": ContentDocument(file: "first.md", text: first)],
                .article("second"): ["en": ContentDocument(file: "second.md", text: "---\ntitle: Second\n---\nAfter [[article:first]].")],
            ]), dataset: dataset)
            return try SiteModel(dataset: dataset, avatarExtensions: [:], configuration: try SiteConfiguration(),
                                 strings: StringTableFixture.english, content: content)
        }
        let text = "---\ntitle: First\nsummary: S\ndate: 2026-01-02\n---\nAbout [[character:1]]."
        let written = try model(text)
        for key in ["character:1", "articles", "article:second"] {
            let read = try reads(of: key, in: written)
            #expect(read.contains("heading article:first") && !read.contains("text article:first"), "\(key): \(read.sorted())")
        }
        #expect(try reads(of: "article:first", in: written).contains("text article:first"))
        let digests = written.content.readDigests()
        let edited = try model(text + "\n\nOne more line.").content.readDigests()
        #expect(edited["text article:first"] != digests["text article:first"])
        #expect(edited["heading article:first"] == digests["heading article:first"])
        for changed in [text + " And [[character:2]].", text.replacingOccurrences(of: "summary: S", with: "summary: T")] {
            #expect(try model(changed).content.readDigests()["heading article:first"] != digests["heading article:first"])
        }
    }

    @Test func aRecordsDigestChangesWithEachFieldAndRelation() throws {
        // Every field the API gives a record is digested: a new one must be added to `SiteModel.readDigests`.
        #expect(Mirror(reflecting: SmallWorld.snapshot.characters[0]).children.count == 12)
        #expect(Mirror(reflecting: SmallWorld.snapshot.locations[0]).children.count == 7)
        #expect(Mirror(reflecting: SmallWorld.snapshot.episodes[0]).children.count == 7)
        var snapshot = SmallWorld.snapshot
        let before = try model.readDigests()
        snapshot.characters[0].type = "Changed"
        snapshot.episodes[0].characters.removeAll { $0.hasSuffix("/2") }
        snapshot.locations[0].dimension = "Elsewhere"
        let after = try SiteModel(
            dataset: Dataset(snapshot), avatarExtensions: model.avatarExtensions, configuration: model.configuration,
            strings: model.strings).readDigests()
        let changed = Set(before.keys.filter { before[$0] != after[$0] })
        #expect(changed.contains("@en record character:1") && changed.contains("@en record episode:1"))
        #expect(changed.contains("@en record location:1") && changed.contains("@en card location:1"))
        #expect(!changed.contains("@en record character:3"), "\(changed.sorted())")
    }
}
