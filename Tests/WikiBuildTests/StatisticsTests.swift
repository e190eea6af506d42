import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import RickAndMortyAPI
import TestSupport
import Testing
@testable import WikiBuild
@testable import WikiModel

/// The figures behind every chart, recomputed here from the raw JSON without the project's graph.
@Suite(.tags(.fullData), .skippable(.fullData), .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
struct StatisticsTests {
    static func tail(_ url: Any?) -> Int? { (url as? String).flatMap { Int($0.split(separator: "/").last ?? "") } }

    func statistics() throws -> [String: StatisticsPage.ChartSection] {
        let theme = try Theme(templatesDirectory: ProjectTheme.templates, publicDirectory: ProjectTheme.publicFolder)
        let model = try SiteModel(
            dataset: Dataset(try SharedSnapshot.load()), avatarExtensions: [:], configuration: try SiteConfiguration(),
            strings: theme.languages[0].strings)
        return Dictionary(uniqueKeysWithValues: model.statistics().charts.map { ($0.id, $0) })
    }

    @Test func characterFiguresMatchTheData() throws {
        let characters = try SharedSnapshot.raw("characters.json")
        let charts = try statistics()
        func tally(_ field: String) -> [String: Int] {
            characters.reduce(into: [:]) { $0[($1[field] as? String) ?? "", default: 0] += 1 }
        }
        let status = tally("status"), gender = tally("gender"), species = tally("species")
        #expect(charts["status"]?.figures.map(\.value) == [status["Alive"], status["Dead"], status["unknown"]].map { $0 ?? 0 })
        #expect(charts["gender"]?.figures.map(\.value)
            == [gender["Female"], gender["Male"], gender["Genderless"], gender["unknown"]].map { $0 ?? 0 })
        #expect(charts["gender"]?.figures.map(\.cssClass) == ["gender-female", "gender-male", "gender-genderless", "gender-unknown"])
        let top = species.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(10)
        #expect(charts["species"]?.figures.map(\.value) == top.map(\.value))
        #expect(charts["species"]?.figures.first?.label == "Human")
    }

    @Test func episodeFiguresMatchTheData() throws {
        let episodes = try SharedSnapshot.raw("episodes.json")
        let characters = try SharedSnapshot.raw("characters.json")
        let charts = try statistics()
        var perSeason: [Int: Int] = [:]
        for episode in episodes {
            let code = episode["episode"] as? String ?? ""
            perSeason[Int(code.dropFirst().prefix(2)) ?? 0, default: 0] += 1
        }
        #expect(charts["seasons"]?.figures.map(\.value) == [11, 10, 10, 10, 10])
        #expect(charts["seasons"]?.figures.map(\.value) == perSeason.keys.sorted().map { perSeason[$0] ?? 0 })

        // Cast size under the data layer's rule: a link stated by either side counts.
        var cast: [Int: Set<Int>] = [:]
        for episode in episodes {
            let id = Self.tail(episode["url"]) ?? 0
            for url in episode["characters"] as? [String] ?? [] { cast[id, default: []].insert(Self.tail(url) ?? 0) }
        }
        for character in characters {
            let id = Self.tail(character["url"]) ?? 0
            for url in character["episode"] as? [String] ?? [] { cast[Self.tail(url) ?? 0, default: []].insert(id) }
        }
        let figures = try #require(charts["cast"]?.figures)
        #expect(figures.count == 51)
        #expect(figures.map(\.url) == (1...51).map { "/episodes/\($0)/" }, "air-date order is id order in this data")
        #expect(figures.map(\.value) == (1...51).map { cast[$0]?.count ?? 0 })
        #expect(figures[17].value == (episodes[17]["characters"] as? [String] ?? []).count + 1, "episode 18 gains character 125")
    }

    @Test func rankingFiguresMatchTheData() throws {
        let locations = try SharedSnapshot.raw("locations.json")
        let characters = try SharedSnapshot.raw("characters.json")
        let charts = try statistics()
        var residents: [Int: Set<Int>] = [:]
        for location in locations {
            let id = Self.tail(location["url"]) ?? 0
            for url in location["residents"] as? [String] ?? [] { residents[id, default: []].insert(Self.tail(url) ?? 0) }
        }
        for character in characters {
            if let place = Self.tail((character["location"] as? [String: Any])?["url"]) {
                residents[place, default: []].insert(Self.tail(character["url"]) ?? 0)
            }
        }
        let expectedPlaces = residents.map { ($0.key, $0.value.count) }.sorted { ($1.1, $0.0) < ($0.1, $1.0) }.prefix(10)
        #expect(charts["locations"]?.figures.map(\.value) == expectedPlaces.map(\.1))
        #expect(charts["locations"]?.figures.map(\.url) == expectedPlaces.map { "/locations/\($0.0)/" })
        let appearances = characters.map { (Self.tail($0["url"]) ?? 0, ($0["episode"] as? [String] ?? []).count) }
            .sorted { ($1.1, $0.0) < ($0.1, $1.0) }.prefix(10)
        #expect(charts["appearances"]?.figures.map(\.value).prefix(3) == appearances.map(\.1).prefix(3))
        // Several characters are called Rick Sanchez; the one of every episode is the one the name means.
        #expect(charts["appearances"]?.figures.first?.label == "Rick Sanchez")
    }

    @Test(.tags(.process), .skippable(.process),
          .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
    func everyChartOnThePageIsWellFormedSVG() async throws {
        let output = try await FullSite.built().output
        for page in ["statistics/index.html", "fr/statistics/index.html", "index.html"] {
            let html = try BuildFixture.text(output, page)
            let svgs = html.components(separatedBy: "<svg xmlns=").dropFirst().map { "<svg xmlns=" + ($0.components(separatedBy: "</svg>").first ?? "") + "</svg>" }
            // Five of the seven charts are drawn twice: wide, and as rows for a phone.
            #expect(svgs.count == (page == "index.html" ? 1 : 12), "\(page)")
            for svg in svgs { #expect(XMLParser(data: Data(svg.utf8)).parse(), "\(page): \(svg.prefix(200))") }
        }
        let problems = try SiteChecker(root: output).problems()
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }
}
