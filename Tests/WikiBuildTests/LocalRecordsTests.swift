import Foundation
import Pictures
@testable import RickAndMortyAPI
@testable import SiteOutput
import Synchronization
import TestSupport
import Testing
@testable import WikiBuild
@testable import WikiModel

/// A content folder of a test's own, in a temporary folder, holding local records.
struct LocalContent {
    let folder: URL

    init(_ files: [ResourceKind: String]) throws {
        folder = try SharedFixtures.temporaryDirectory("rmwiki-content").appendingPathComponent("content")
        let data = folder.appendingPathComponent(LocalRecords.folderName)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        for (kind, text) in files { try write(kind, text) }
    }

    func path(_ kind: ResourceKind) -> URL {
        folder.appendingPathComponent(LocalRecords.folderName).appendingPathComponent(LocalRecords.fileName(kind))
    }

    func write(_ kind: ResourceKind, _ text: String) throws {
        try Data(text.utf8).write(to: path(kind))
    }

    /// Errors name its files by their full paths.
    var input: SiteBuild.ContentInput {
        .folder(ContentFolder(directory: folder, displayPath: folder.path))
    }
}

/// What builds warned, line by line.
final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// Builds with local records and keeps what the build warned.
struct LocalBuild {
    let output: URL
    let local: SiteBuild.ContentInput
    let warnings = WarningLog()

    /// The demo's content folder, local episode included.
    static let demo = SiteBuild.ContentInput.files(DemoContent.files)

    init(_ local: SiteBuild.ContentInput, output: URL? = nil) throws {
        self.local = local
        self.output = try output ?? SharedFixtures.temporaryDirectory("rmwiki-local").appendingPathComponent("site")
    }

    func run(_ snapshot: Snapshot, avatars: [Int: AvatarImage] = [:]) async throws -> SiteBuild.Report {
        var settings = SiteBuild.Settings(
            templates: ProjectTheme.templates, publicFolder: ProjectTheme.publicFolder, output: output,
            cache: output.deletingLastPathComponent().appendingPathComponent("cache"), configuration: try SiteConfiguration())
        settings.content = local
        let warnings = warnings
        let log = SiteBuild.Log(say: { _ in }, warn: warnings.append)
        return try await SiteBuild(settings: settings, data: .records(snapshot, avatars: avatars, history: ChangeHistory()))
            .run(log: log)
    }

    func page(_ path: String) throws -> String {
        try BuildFixture.text(output, path)
    }
}

@Suite struct LocalRecordsTests {
    static let api = "https://rickandmortyapi.com/api"
    static let demoEpisodes = DemoContent.texts.first { $0.path == "data/episodes.json" }?.text ?? ""

    // MARK: The full dataset

    /// Two season 6 episodes, one with a local character who lives at a local location: every link runs between
    /// local and API records, both ways.
    static let seasonSix: [ResourceKind: String] = [
        .episode: """
            [
              {"id": 52, "name": "Solaricks", "air_date": "September 4, 2022", "episode": "S06E01",
               "characters": ["\(api)/character/1", "\(api)/character/2", "\(api)/character/3"],
               "created": "2022-09-04T10:00:00.000Z"},
              {"id": 53, "name": "JuRicksic Mort", "air_date": "September 11, 2022", "episode": "S06E02",
               "characters": ["\(api)/character/1", "\(api)/character/2"], "created": "2022-09-11T10:00:00.000Z"}
            ]
            """,
        .character: """
            [
              {"id": 827, "name": "Mr. Frundles", "status": "Alive", "species": "Human", "gender": "Male",
               "origin": {"name": "unknown", "url": ""},
               "location": {"name": "Frundles Hideout", "url": "\(api)/location/127"},
               "episode": ["\(api)/episode/53"], "created": "2022-09-11T10:00:00.000Z"}
            ]
            """,
        .location: """
            [{"id": 127, "name": "Frundles Hideout", "type": "Base", "dimension": "Replacement Dimension"}]
            """,
    ]

    @Test(.tags(.fullData), .skippable(.fullData), .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
    func localEpisodesJoinTheFullDatasetEverywhere() async throws {
        let content = try LocalContent(Self.seasonSix)
        let build = try LocalBuild(content.input)
        let report = try await build.run(try SharedSnapshot.load())
        #expect(report.counts.hasPrefix("827 characters, 127 locations, 53 episodes"))
        #expect(build.warnings.all.isEmpty)

        // In their season, which exists because of them.
        let season = try build.page("seasons/6/index.html")
        #expect(season.contains("href=\"/episodes/52/\"") && season.contains("href=\"/episodes/53/\""))
        #expect(season.contains("Mr. Frundles"), "a local character debuts in season 6")
        // On their API characters' pages, and the local character on theirs.
        #expect(try build.page("characters/1/index.html").contains("href=\"/episodes/52/\""))
        #expect(try build.page("characters/3/index.html").contains("href=\"/episodes/52/\""))
        #expect(!(try build.page("characters/4/index.html")).contains("href=\"/episodes/52/\""))
        let prime = try build.page("characters/827/index.html")
        #expect(prime.contains("href=\"/episodes/53/\"") && prime.contains("href=\"/locations/127/\""))
        #expect(prime.contains("One episode only, with 2 other characters"), "Rick and Morty are the co-stars")
        let episode53 = try build.page("episodes/53/index.html")
        #expect(episode53.contains("href=\"/characters/827/\""), "a character's own episode list shows on the episode")
        #expect(episode53.contains("href=\"/characters/1/\""))
        #expect(try build.page("locations/127/index.html").contains("href=\"/characters/827/\""))
        #expect(try build.page("episodes/51/index.html").contains("href=\"/episodes/52/\""), "the next episode")
        // In the statistics, search and What's new, in both languages.
        #expect(try build.page("statistics/index.html").contains("Season 6: 2"))
        #expect(try build.page("fr/statistics/index.html").contains("href=\"/fr/seasons/6/\""))
        let search = try build.page("search/index.json")
        #expect(search.contains("Solaricks") && search.contains("Mr. Frundles") && search.contains("Frundles Hideout"))
        #expect(try build.page("whats-new/added-locally-2022-09-04/index.html").contains("href=\"/episodes/52/\""))
        #expect(try build.page("whats-new/index.html").contains("whats-new/added-locally-2022-09-11/"))
        // The API never added them: their day is when they entered the wiki, and the pages say so.
        #expect(prime.contains("Added to the wiki") && !prime.contains("Added to the API"))
        #expect(try build.page("characters/1/index.html").contains("Added to the API"), "an API record's day is the API's")
        #expect(try build.page("fr/characters/827/index.html").contains("Ajouté au wiki le"))
    }

    @Test(.tags(.fullData), .skippable(.fullData), .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
    func statisticsCountLocalEpisodes() throws {
        let local = LocalRecords.load(Self.seasonSix.map { kind, text in
            LocalRecords.File(kind: kind, path: "data/\(LocalRecords.fileName(kind))", bytes: Array(text.utf8))
        })
        let result = local.merge(into: try SharedSnapshot.load())
        #expect(local.errors.isEmpty && result.errors.isEmpty)
        let merged = result.snapshot
        let theme = try Theme(templatesDirectory: ProjectTheme.templates, publicDirectory: ProjectTheme.publicFolder)
        let model = try SiteModel(
            dataset: Dataset(merged), avatarExtensions: [:], configuration: try SiteConfiguration(),
            strings: theme.languages[0].strings)
        let charts = Dictionary(uniqueKeysWithValues: model.statistics().charts.map { ($0.id, $0) })
        #expect(charts["seasons"]?.figures.map(\.value) == [11, 10, 10, 10, 10, 2])
    }

    @Test(.tags(.fullData), .skippable(.fullData), .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
    func aPatchReplacesExactlyTheFieldsItGives() throws {
        let api = try SharedSnapshot.load()
        let patch = """
            [{"id": 2, "status": "Dead", "origin": {"name": "Earth (C-137)", "url": "\(Self.api)/location/1"},
              "episode": ["\(Self.api)/episode/1"]}]
            """
        let locationPatch = #"[{"id": 3, "type": "Destroyed space station"}]"#
        let local = LocalRecords.load([
            LocalRecords.File(kind: .character, path: "characters.json", bytes: Array(patch.utf8)),
            LocalRecords.File(kind: .location, path: "locations.json", bytes: Array(locationPatch.utf8)),
        ])
        let result = local.merge(into: api)
        #expect(local.errors.isEmpty && result.errors.isEmpty)
        let (merged, warnings) = (result.snapshot, result.warnings)
        #expect(warnings.isEmpty, "a patch is no addition the API caught up with")
        var morty = try #require(api.characters.first { $0.id == 2 })
        morty.status = "Dead"
        morty.origin = NamedReference(name: "Earth (C-137)", url: "\(Self.api)/location/1")
        morty.episode = ["\(Self.api)/episode/1"]
        #expect(merged.characters.first { $0.id == 2 } == morty)
        #expect(merged.characters.filter { $0.id != 2 } == api.characters.filter { $0.id != 2 })
        var citadel = try #require(api.locations.first { $0.id == 3 })
        citadel.type = "Destroyed space station"
        #expect(merged.locations.first { $0.id == 3 } == citadel)
        #expect(merged.locations.filter { $0.id != 3 } == api.locations.filter { $0.id != 3 })
        #expect(merged.episodes == api.episodes)
    }

    // MARK: The demo

    @Test func theDemoHasItsLocalSeasonSixEpisode() async throws {
        let build = try LocalBuild(LocalBuild.demo)
        let report = try await build.run(DemoDataset.snapshot, avatars: DemoDataset.avatars())
        #expect(report.counts.hasPrefix("20 characters, 5 locations, 7 episodes"))
        #expect(!DemoDataset.snapshot.episodes.contains { $0.id == 52 }, "the demo's API data lacks it")
        let season = try build.page("seasons/6/index.html")
        #expect(season.contains("href=\"/episodes/52/\"") && season.contains("Solaricks"))
        for id in 1...5 { #expect(try build.page("characters/\(id)/index.html").contains("href=\"/episodes/52/\"")) }
        #expect(!(try build.page("characters/6/index.html")).contains("href=\"/episodes/52/\""))
        #expect(try build.page("episodes/52/index.html").contains("href=\"/characters/3/\""))
        #expect(try build.page("episodes/52/index.html").contains("A season the API never reached."), "its synopsis")
        #expect(try build.page("statistics/index.html").contains("Season 6: 1"))
        #expect(try build.page("fr/seasons/6/index.html").contains("href=\"/fr/episodes/52/\""))
        #expect(try build.page("search/index.json").contains("Solaricks"))
        let day = try build.page("whats-new/added-locally-2022-09-04/index.html")
        #expect(day.contains("href=\"/episodes/52/\"") && day.contains("Added to the wiki on September 4, 2022"))
        #expect(!FileManager.default.fileExists(atPath: build.output.appendingPathComponent("whats-new/added-2022-09-04").path),
                "the API added nothing that day")
        #expect(try build.page("fr/whats-new/added-locally-2022-09-04/index.html").contains("Ajouts au wiki du 4 septembre 2022"))
        #expect(try build.page("whats-new/index.html").contains("Added to the wiki on September 4, 2022"))
        #expect(try build.page("episodes/52/index.html").contains("<p class=\"record-date\">Added to the wiki on <time"))
        #expect(try build.page("fr/episodes/52/index.html").contains("<p class=\"record-date\">Ajouté au wiki le <time"))
        #expect(try build.page("episodes/1/index.html").contains("<p class=\"record-date\">Added to the API on <time"))
        #expect(build.warnings.all.isEmpty)
    }

    // MARK: Pictures

    /// A local character's picture, from the content folder, is an avatar like the API's: published, made smaller
    /// copies of, shown on its page and on its card with the copies; `"image": ""` takes a character's picture away.
    @Test func aLocalCharacterShowsItsPictureFromTheContentFolder() async throws {
        let content = try LocalContent([.character: """
            [{"id": 827, "name": "Mr. Frundles", "status": "Alive", "species": "Human", "gender": "Male",
              "image": "images/people/frundles.png", "episode": ["\(Self.api)/episode/1"]},
             {"id": 1, "image": ""}]
            """])
        let picture = Picture(width: 300, height: 300, pixels: (0..<300 * 300 * 4).map { UInt8($0 % 251) })
        let file = content.folder.appendingPathComponent("images/people/frundles.png")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(PNGEncoder.encode(picture)).write(to: file)
        let build = try LocalBuild(content.input)
        _ = try await build.run(DemoDataset.snapshot, avatars: DemoDataset.avatars())
        let avatars = try FileManager.default.contentsOfDirectory(
            atPath: build.output.appendingPathComponent(SiteModel.avatarFolder).path)
        #expect(avatars.contains("827.png"), "the original, as an API avatar's")
        let copies = AvatarSizes.sides.map { side in avatars.first { $0.hasPrefix("827-\(side).") } }
        #expect(!copies.contains(nil), "a smaller copy of each side: \(avatars.filter { $0.hasPrefix("827") })")
        let page = try build.page("characters/827/index.html")
        #expect(page.contains("<img src=\"/images/characters/827.png\" alt=\"Picture of Mr. Frundles\" width=\"300\" height=\"300\""),
                "its page shows the original, as for an API avatar")
        let card = try build.page("episodes/1/index.html")
        #expect(card.contains("srcset=\"/images/characters/827-"), "its card in the cast shows it too")
        #expect(!avatars.contains { $0.hasPrefix("1.") || $0.hasPrefix("1-") }, "an empty image: no picture")
        #expect(!(try build.page("characters/1/index.html")).contains("/images/characters/1."))
    }

    // MARK: The API catching up

    @Test func anAdditionTheAPINowServesWinsAndWarns() async throws {
        let content = try LocalContent([.episode: """
            [{"id": 1, "name": "Pilot (extended cut)", "air_date": "December 2, 2013", "episode": "S01E01",
              "created": "2026-11-20T10:00:00.000Z"},
             {"id": 2, "name": "Lawnmower Dog (fixed)", "created": "2017-11-10T12:56:33.916Z"}]
            """])
        let build = try LocalBuild(content.input)
        _ = try await build.run(DemoDataset.snapshot)
        let warnings = build.warnings.all
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains(content.path(.episode).path + ": the API now serves episode 1 too") == true,
                "\(warnings)")
        #expect(warnings.first?.contains("episode 2") == false, "a correction giving some fields does not warn")
        #expect(try build.page("episodes/1/index.html").contains("Pilot (extended cut)"))
        #expect(try build.page("episodes/2/index.html").contains("Lawnmower Dog (fixed)"))
        // The addition's day is the wiki's; the correction's is still the API's day, corrected.
        #expect(try build.page("episodes/1/index.html").contains("<p class=\"record-date\">Added to the wiki on <time"))
        #expect(try build.page("whats-new/added-locally-2026-11-20/index.html").contains("href=\"/episodes/1/\""))
        #expect(try build.page("episodes/2/index.html").contains("<p class=\"record-date\">Added to the API on <time"))
        #expect(try build.page("whats-new/added-2017-11-10/index.html").contains("href=\"/episodes/2/\""))
    }

    @Test func whenTheAPILaterServesALocalEpisodeTheLocalOneWins() async throws {
        let build = try LocalBuild(LocalBuild.demo)
        _ = try await build.run(DemoDataset.snapshot)
        #expect(build.warnings.all.isEmpty)
        var caughtUp = DemoDataset.snapshot
        caughtUp.episodes.append(EpisodeRecord(
            id: 52, name: "Solaricks (from the API)", airDate: "September 4, 2022", episode: "S06E01",
            characters: ["\(Self.api)/character/6"], url: "\(Self.api)/episode/52", created: "2026-11-20T10:00:00.000Z"))
        _ = try await build.run(caughtUp)
        #expect(build.warnings.all == ["content/data/episodes.json: the API now serves episode 52 too; the local record is "
            + "still used: remove it from the file once the API's record is right"])
        let episode = try build.page("episodes/52/index.html")
        #expect(episode.contains("Solaricks") && !episode.contains("from the API"))
        #expect(episode.contains("href=\"/characters/1/\"") && !episode.contains("href=\"/characters/6/\""),
                "the local cast replaces the API's")
    }

    // MARK: Bad local data

    /// Each mistake, the file it is in, the line and column it points at, and words the message must have.
    static let mistakes: [(kind: ResourceKind, text: String, line: Int, column: Int, says: String)] = [
        (.episode, "[\n  {\"id\": 52,}\n]", 2, 13, "not valid JSON"),
        (.episode, "{\"id\": 52}", 1, 1, "expected an array of episode records"),
        (.episode, "[\n  {\"id\": 1,\n   \"nmae\": \"Pilot\"}\n]", 3, 4, "unknown field 'nmae' in episode 1"),
        (.episode, "[{\"id\": 1, \"name\": 5}]", 1, 20, "'name' of episode 1 must be a string"),
        (.episode, "[{\"id\": \"52\"}]", 1, 9, "'id' must be a whole number above 0"),
        (.episode, "[{\"id\": 1, \"characters\": \"\(api)/character/1\"}]", 1, 26,
         "'characters' of episode 1 must be an array of character URLs"),
        (.episode, "[{\"id\": 1, \"air_date\": \"2013-12-02\"}]", 1, 24, "must be a date such as September 4, 2022"),
        (.episode, "[{\"id\": 1, \"episode\": \"Season 1\"}]", 1, 23, "must be a code such as S06E01"),
        (.episode, "[\n {\"id\": 52, \"name\": \"Solaricks\", \"air_date\": \"September 4, 2022\", \"episode\": \"S06E01\",\n"
            + "  \"characters\": [\"\(api)/character/1\", \"\(api)/character/9999\"]}\n]", 3, 65,
         "'characters' of episode 52 names character 9999, which neither the API nor the local records have"),
        (.episode, "[\n {\"id\": 1, \"name\": \"A\"},\n {\"id\": 1, \"name\": \"B\"}\n]", 3, 2, "episode 1 is given twice (first at line 2)"),
        (.episode, "[{\"id\": 52, \"name\": \"Solaricks\"}]", 1, 2,
         "episode 52 is not in the API's data, so it must give 'air_date' and 'episode'"),
        (.episode, "[{\"id\": 1, \"name\": \"A\", \"name\": \"B\"}]", 1, 25, "'name' is given twice in one record"),
        (.episode, "[{\"id\": 1, \"url\": \"\(api)/episode/2\"}]", 1, 19, "'url' of episode 1 names episode 2"),
        (.character, "[{\"id\": 1, \"origin\": {\"name\": \"Nowhere\", \"url\": \"\(api)/location/404\"}}]", 1, 49,
         "'origin' of character 1 names location 404"),
        (.character, "[{\"id\": 1, \"location\": \"Earth\"}]", 1, 24, "'location' of character 1 must be an object"),
        (.character, "[{\"id\": 1, \"image\": \"https://example.org/rick.png\"}]", 1, 21,
         "'image' of character 1 must be a picture of the content folder, written images/NAME.png"),
        (.character, "[{\"id\": 1, \"image\": \"images/rick.png\"}]", 1, 21,
         "'image' of character 1: the picture images/rick.png is not in the content folder's images/"),
        (.character, "[{\"id\": 1, \"episode\": [\"\(api)/location/1\"]}]", 1, 24, "'\(api)/location/1' is not an episode URL"),
        (.location, "[{\"id\": 1, \"residents\": [\"\(api)/character/21\"]}]", 1, 26,
         "'residents' of location 1 names character 21"),
        (.location, "[{\"id\": 1, \"created\": \"yesterday\"}]", 1, 23, "'created' of location 1 must be a date"),
        // The newest day dates the whole site (feed, character of the day): one still to come would pin it there.
        (.episode, "[{\"id\": 1, \"created\": \"9999-12-31T00:00:00.000Z\"}]", 1, 23,
         "'created' of episode 1 is 9999-12-31, a day still to come"),
    ]

    @Test(arguments: mistakes.indices)
    func eachMistakeFailsClearlyAndPublishesNothing(_ index: Int) async throws {
        let mistake = Self.mistakes[index]
        let good = try LocalBuild(LocalBuild.demo)
        _ = try await good.run(DemoDataset.snapshot)
        let before = DirectoryDigest.contents(of: good.output)
        let content = try LocalContent([mistake.kind: mistake.text])
        let bad = try LocalBuild(content.input, output: good.output)
        let errors = await #expect(throws: ContentErrors.self) { try await bad.run(DemoDataset.snapshot) }
        #expect(errors?.errors.count == 1, "\(String(describing: errors))")
        let error = errors?.errors.first
        #expect(error?.file == content.path(mistake.kind).path)
        #expect(error.map { ($0.line, $0.column) } ?? (0, 0) == (mistake.line, mistake.column), "\(String(describing: error))")
        #expect(error?.message.contains(mistake.says) == true, "\(String(describing: error))")
        #expect(error?.description.hasPrefix("\(content.path(mistake.kind).path):\(mistake.line):\(mistake.column): ") == true)
        #expect(DirectoryDigest.contents(of: good.output) == before, "nothing was published")
    }

    /// A `created` is refused from the day after today anywhere on Earth (UTC+14), never on the maintainer's today.
    @Test func aCreatedDayStillToComeIsRefused() throws {
        // 2026-11-18 at 11:06 UTC: 2026-11-19 has begun east of UTC+13.
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        func load(_ created: String) -> [String] {
            let text = "[{\"id\": 1, \"created\": \"\(created)\"}]"
            return LocalRecords.load([LocalRecords.File(kind: .episode, path: "episodes.json", bytes: Array(text.utf8))], now: now)
                .errors.map(\.description)
        }
        #expect(load("2026-11-18T23:59:59.000Z").isEmpty)
        #expect(load("2026-11-19T10:00:00.000Z").isEmpty)
        #expect(load("2026-11-20T00:00:00.000Z") == ["episodes.json:1:23: 'created' of episode 1 is 2026-11-20, a day still "
            + "to come (today is at most 2026-11-19): give the day the record was added"])
    }

    /// A local file that is not UTF-8 is refused at its first bad byte, not where the string holding it ends.
    @Test func aFileThatIsNotUTF8NamesItsFirstBadByte() throws {
        let bytes = Array("[\n  {\"id\": 1, \"name\": \"Caf".utf8) + [0xE9] + Array("\"}\n]".utf8)
        let errors = LocalRecords.load([LocalRecords.File(kind: .episode, path: "episodes.json", bytes: bytes)]).errors
        #expect(errors.map(\.description) == ["episodes.json:2:25: is not UTF-8: byte 0xE9 at offset 26"])
    }

    // MARK: Rebuilding

    @Test func localRecordsAreABuildInput() async throws {
        let content = try LocalContent([.episode: Self.demoEpisodes])
        let build = try LocalBuild(content.input)
        _ = try await build.run(DemoDataset.snapshot, avatars: DemoDataset.avatars())
        let again = try await build.run(DemoDataset.snapshot, avatars: DemoDataset.avatars())
        #expect(again.skipped && again.summary.added.isEmpty && again.summary.updated.isEmpty)

        try content.write(.episode, Self.demoEpisodes.replacing("Solaricks", with: "Solaricks!"))
        let changed = try await build.run(DemoDataset.snapshot, avatars: DemoDataset.avatars())
        #expect(!changed.skipped)
        #expect(changed.summary.updated.contains("episodes/52/index.html"))
        #expect(changed.summary.updated.contains("seasons/6/index.html"))
        #expect(!changed.summary.updated.contains("episodes/3/index.html"), "a page that does not show it stays")
        #expect(changed.summary.added.isEmpty && changed.summary.removed.isEmpty)

        try FileManager.default.removeItem(at: content.path(.episode))
        let removed = try await build.run(DemoDataset.snapshot, avatars: DemoDataset.avatars())
        #expect(removed.summary.removed.contains("episodes/52/index.html"))
        #expect(removed.summary.removed.contains("seasons/6/index.html"))
    }

    @Test func anAbsentContentFolderChangesNothing() async throws {
        let missing = try SharedFixtures.temporaryDirectory("rmwiki-content").appendingPathComponent("content")
        let build = try LocalBuild(.folder(ContentFolder(directory: missing, displayPath: "content")))
        let report = try await build.run(DemoDataset.snapshot)
        #expect(report.counts.hasPrefix("20 characters, 5 locations, 6 episodes"))
    }
}
