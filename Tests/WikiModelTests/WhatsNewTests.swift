import Foundation
@testable import RickAndMortyAPI
import TestSupport
import Testing
@testable import WikiModel

/// The "What's new" timeline: rebuilds from the history and the API's additions by the records' `created` day,
/// every change reachable, no page or feed entry unbounded.
@Suite struct WhatsNewTests {
    static func model(_ snapshot: Snapshot, history: ChangeHistory = ChangeHistory()) throws -> SiteModel {
        try SiteModel(
            dataset: Dataset(snapshot), avatarExtensions: [:], configuration: try SiteConfiguration(baseURL: "https://example.org/"),
            strings: StringTableFixture.english, history: history)
    }

    /// `count` characters, created one a day from January 1, 2020 when `daily`, otherwise all on that day.
    static func world(characters count: Int, daily: Bool = false) -> Snapshot {
        var snapshot = SmallWorld.snapshot
        snapshot.characters = (1...count).map { id in
            var character = SmallWorld.character(id, "Character \(id)")
            let day = Double(daily ? id - 1 : 0)
            character.created = ChangeHistory.timestamp(Date(timeIntervalSince1970: 1_577_872_800 + day * 86_400))
            return character
        }
        return snapshot
    }

    func timeline(_ model: SiteModel) throws -> [WhatsNewPage] {
        try model.pages().compactMap { page in
            page.content as? WhatsNewPage
        }
    }

    func groupPages(_ model: SiteModel, _ slug: String) throws -> [WhatsNewGroupPage] {
        try model.pages().compactMap { page in
            guard case .whatsNewGroup(slug, _) = page.route, let content = page.content as? WhatsNewGroupPage else { return nil }
            return content
        }
    }

    @Test func aFirstBuildListsWhatTheAPIAddedEachDay() throws {
        let model = try Self.model(SmallWorld.snapshot)
        let groups = try #require(try timeline(model).first).groups
        #expect(groups.map(\.title) == ["Added to the API on November 10, 2017", "Added to the API on November 4, 2017"])
        #expect(groups[0].counts == ["New locations: 2", "New episodes: 2"], "episode 3's created is not a date")
        #expect(groups[1].counts == ["New characters: 3"])
        #expect(groups[1].items.map(\.record.url) == ["/characters/1/", "/characters/2/", "/characters/3/"])
        #expect(groups[1].url == "/whats-new/added-2017-11-04/")
        // Three changes a group on the timeline: the fourth is a tap away.
        #expect(groups.map(\.more) == ["All 4 changes", nil])

        let feed = try model.feed()
        #expect(feed.entries.map(\.id) == ["added-2017-11-10", "added-2017-11-04"].map { "tag:rmwiki.invalid,2017:en/" + $0 })
        #expect(feed.updated == "2017-11-10T00:00:00Z" && feed.entries[0].updated == feed.updated)
        #expect(feed.entries[1].url == "https://example.org/whats-new/added-2017-11-04/")
        #expect(feed.entries[1].summary == "New characters: 3. New character: Rick Sanchez; New character: Morty Smith; "
            + "New character: <b>Bold</b> & \"Quoted\"")
    }

    /// A removed record has no page: listed by its former name as plain text, even when its id is in use again.
    @Test func aRemovedRecordIsListedAsPlainText() throws {
        let history = ChangeHistory(entries: [
            .init(date: "2026-11-21T03:30:00Z", kind: .character, id: 1, name: "Rick Sanchez", change: .removed),
            .init(date: "2026-11-21T03:30:00Z", kind: .character, id: 9, name: "Jerry Smith", change: .removed),
            .init(date: "2026-11-21T03:30:00Z", kind: .location, id: 1, name: "Earth (C-137)", change: .changed),
        ])
        let model = try Self.model(SmallWorld.snapshot, history: history)
        let group = try #require(try timeline(model).first?.groups.first)
        #expect(group.counts == ["Removed characters: 2", "Updated locations: 1"])
        #expect(group.items.map(\.change) == ["Removed", "Removed", "Updated"])
        #expect(group.items.map(\.changeClass) == ["change-removed", "change-removed", "change-changed"])
        #expect(group.items.map(\.record.url) == [nil, nil, "/locations/1/"])
        #expect(group.items.map(\.record.name) == ["Rick Sanchez", "Jerry Smith", "Earth (C-137)"])
        let feed = try model.feed()
        #expect(feed.entries[0].summary.hasPrefix("Removed characters: 2, Updated locations: 1. Removed character: Rick Sanchez; "))
    }

    @Test func aRebuildComesFirstWithItsCounts() throws {
        let model = try Self.model(SmallWorld.snapshot, history: SmallWorld.history)
        let groups = try #require(try timeline(model).first).groups
        #expect(groups.map(\.id) == [
            "rebuild-20261121T033000Z", "rebuild-20261120T033000Z", "added-2017-11-10", "added-2017-11-04",
        ])
        #expect(groups[0].title == "Rebuild of November 21, 2026")
        #expect(groups[0].counts == ["New characters: 1", "Updated episodes: 1"])
        #expect(groups[1].items.map(\.record) == [RecordLink(name: "Gone Place", url: nil)], "a record that is gone is plain text")
    }

    @Test func aLargeRebuildIsSplitIntoPagesAndSummarisedInOneFeedEntry() throws {
        let snapshot = Self.world(characters: 250)
        let entries = snapshot.characters.map { character in
            ChangeHistory.Entry(date: "2026-11-21T03:30:00Z", kind: .character, id: character.id, name: character.name, change: .added)
        }
        let model = try Self.model(snapshot, history: ChangeHistory(entries: entries))
        let rebuild = try #require(try timeline(model).first?.groups.first)
        #expect(rebuild.items.count == SiteModel.groupPreviewSize)
        #expect(rebuild.more == "All 250 changes")
        #expect(rebuild.counts == ["New characters: 250"])

        let pages = try groupPages(model, "rebuild-20261121T033000Z")
        #expect(pages.map(\.items.count) == [100, 100, 50])
        #expect(pages.flatMap(\.items).compactMap(\.record.url) == (1...250).map { "/characters/\($0)/" })
        #expect(pages.map { $0.pager?.current } == [1, 2, 3])

        let entry = try #require(try model.feed().entries.first)
        #expect(entry.title == "Rebuild of November 21, 2026")
        #expect(entry.summary.hasPrefix("New characters: 250. New character: Character 1; "))
        #expect(entry.summary.hasSuffix("New character: Character 10 and 240 more."))
    }

    @Test func theTimelineIsPaginatedAndTheFeedBounded() throws {
        let model = try Self.model(Self.world(characters: 45, daily: true))
        let pages = try timeline(model)
        // 45 days of characters and one of locations and episodes: 46 groups, 10 a page.
        #expect(pages.map(\.groups.count) == [10, 10, 10, 10, 6])
        #expect(pages.map { $0.pager?.total } == [5, 5, 5, 5, 5])
        #expect(try model.pages().filter { if case .whatsNewGroup = $0.route { true } else { false } }.count == 46)
        let feed = try model.feed()
        #expect(feed.entries.count == SiteModel.feedEntryLimit)
        #expect(feed.entries.map(\.updated) == feed.entries.map(\.updated).sorted(by: >))
    }
}
