import Foundation
@testable import RickAndMortyAPI
import TestSupport
import Testing
@testable import WikiBuild
@testable import WikiModel

/// What a fan reads, checked on the whole real dataset in both languages: every page is told apart by its
/// title and description, locations show their natives, numbers take the right plural form, French agrees.
/// They read the shared full-site build.
@Suite(.tags(.fullData, .process), .skippable(.fullData, .process),
       .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)),
       .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
struct FanReadingTests {

    static func pages(_ output: URL) throws -> [String] {
        try SiteChecker(root: output).pages().filter { $0.hasSuffix(".html") }
    }

    static func first(_ pattern: String, in text: String) -> String? {
        AccessibilityTests.matches(pattern, in: text).first.map { $0[1] }
    }

    @Test func noTwoPagesShareATitleOrADescription() async throws {
        let output = try await FullSite.built().output
        for language in ["en", "fr"] {
            var titles: [String: [String]] = [:]
            var descriptions: [String: [String]] = [:]
            let pages = try Self.pages(output).filter { ($0.hasPrefix("fr/") ? "fr" : "en") == language }
            for page in pages {
                let html = try BuildFixture.text(output, page)
                titles[Self.first("<title>([^<]*)</title>", in: html) ?? "", default: []].append(page)
                descriptions[Self.first(#"<meta name="description" content="([^"]*)">"#, in: html) ?? "", default: []].append(page)
            }
            let sharedTitles = titles.filter { $0.value.count > 1 }
            let sharedDescriptions = descriptions.filter { $0.value.count > 1 }
            #expect(sharedTitles.isEmpty, "\(language): \(sharedTitles.count) titles shared, e.g. \(sharedTitles.prefix(3))")
            #expect(sharedDescriptions.isEmpty, "\(language): \(sharedDescriptions.count) descriptions shared, e.g. \(sharedDescriptions.prefix(3))")
            #expect(pages.count > 1_000, "\(language): \(pages.count) pages")
        }
        // Namesakes are told apart where their name is shown; the best-known of a name needs no note.
        let birdperson = try BuildFixture.text(output, "characters/47/index.html")
        #expect(birdperson.contains("<title>Birdperson · Rick and Morty Wiki</title>"))
        #expect(!birdperson.contains("<p class=\"name-note\">"))
        let puppet = try BuildFixture.text(output, "characters/599/index.html")
        #expect(puppet.contains("<title>Birdperson · Soulless Puppet · Rick and Morty Wiki</title>"))
        #expect(puppet.contains("<p class=\"name-note\">Soulless Puppet</p>"))
        #expect(try BuildFixture.text(output, "search/index.json").contains("\"Birdperson\""))
    }

    @Test func everyLocationShowsTheNativesTheDataNames() async throws {
        let output = try await FullSite.built().output
        var natives: [Int: [Int]] = [:]
        for character in try SharedSnapshot.raw("characters.json") {
            let id = StatisticsTests.tail(character["url"]) ?? 0
            if let origin = StatisticsTests.tail((character["origin"] as? [String: Any])?["url"]) {
                natives[origin, default: []].append(id)
            }
        }
        var nobody = 0
        let pages = try Self.pages(output)
        for location in try SharedSnapshot.raw("locations.json") {
            let id = StatisticsTests.tail(location["url"]) ?? 0
            let expected = (natives[id] ?? []).sorted()
            for prefix in ["", "fr/"] {
                let html = try BuildFixture.text(output, "\(prefix)locations/\(id)/index.html")
                // A location of many people lists them over several pages (`locations/20/page/7/`).
                var shown: [Int] = []
                for page in pages where page == "\(prefix)locations/\(id)/index.html"
                    || page.hasPrefix("\(prefix)locations/\(id)/page/") {
                    let section = try BuildFixture.text(output, page).components(separatedBy: "id=\"natives-heading\"").dropFirst().first ?? ""
                    shown += AccessibilityTests.matches(#"<a class="(?:card|row)-link" href="/(?:fr/)?characters/(\d+)/">"#, in: section)
                        .compactMap { Int($0[1]) }
                }
                shown.sort()
                #expect(shown == expected, "\(prefix)locations/\(id): natives \(shown), the data says \(expected)")
                let count = Self.first(##"<dt>(?:Natives|Originaires)</dt><dd>(?:<a href="[^"]*">)?([^<]*)(?:</a>)?</dd>"##, in: html)
                #expect(count == String(expected.count), "\(prefix)locations/\(id)")
                // "Nobody is known to live here or to come from here" only where that is true.
                if prefix.isEmpty, html.contains("Nobody is known to live here or to come from here") {
                    nobody += 1
                    #expect(expected.isEmpty, "locations/\(id)")
                }
            }
        }
        #expect(nobody <= 32 - 28, "\(nobody) locations have neither residents nor natives")
        let bird = try BuildFixture.text(output, "locations/15/index.html")
        #expect(bird.contains("href=\"/characters/47/\""), "Bird World is Birdperson's")
        let citadel = try BuildFixture.text(output, "locations/3/index.html")
        #expect(citadel.contains(#"content="Citadel of Ricks: Space station, dimension unknown. 101 residents, "#))
    }

    @Test func numbersTakeTheirPluralFormInBothLanguages() async throws {
        let theme = try Theme(templatesDirectory: ProjectTheme.templates, publicDirectory: ProjectTheme.publicFolder)
        for language in theme.languages {
            let strings = language.strings
            let keys = strings.entries.keys.filter { $0.hasSuffix("_one") }.map { String($0.dropLast("_one".count)) }
            #expect(keys.count >= 6, "\(language.code)")
            for key in keys {
                #expect(strings.entries[key + "_other"] != nil, "\(language.code): \(key)_other is missing")
                // French treats 0 and 1 as singular, English only 1.
                let singular = language.code == "fr" ? [0, 1] : [1]
                for count in 0...2 {
                    let form = singular.contains(count) ? "_one" : "_other"
                    #expect(try strings.plural(key, count: count) == strings.format(key + form, ["count": String(count)]),
                            "\(language.code): \(key) for \(count)")
                }
            }
        }
        let english = try #require(theme.languages.first { $0.code == "en" }?.strings)
        let french = try #require(theme.languages.first { $0.code == "fr" }?.strings)
        #expect(try (0...2).map { try english.plural("location_residents_count", count: $0) } == ["0 residents", "1 resident", "2 residents"])
        #expect(try (0...2).map { try french.plural("location_residents_count", count: $0) } == ["0 résident", "1 résident", "2 résidents"])
        #expect(try (0...2).map { try english.plural("episode_cast_count", count: $0) } == ["0 characters", "1 character", "2 characters"])
        #expect(try (0...2).map { try french.plural("season_episodes_count", count: $0) } == ["0 épisode", "1 épisode", "2 épisodes"])

        // No page of the real site says "1 residents" (21 cards did) or "1 résidents".
        let output = try await FullSite.built().output
        let wrong = try NSRegularExpression(pattern: #"(?<![0-9\u00a0\u202f ,.])(?:1 (?:residents|natives|characters|episodes)|[01] (?:résidents|originaires|personnages|épisodes))\b"#)
        var found: [String] = []
        for page in try Self.pages(output) {
            let html = try BuildFixture.text(output, page)
            if let match = wrong.firstMatch(in: html, range: NSRange(html.startIndex..., in: html)), let range = Range(match.range, in: html) {
                found.append("\(page): \(html[range])")
            }
        }
        #expect(found.isEmpty, "\(found.count) pages, e.g. \(found.prefix(5))")
    }

    @Test func frenchAgreesAndWritesDecimalsWithAComma() async throws {
        let output = try await FullSite.built().output
        let statistics = try BuildFixture.text(output, "fr/statistics/index.html")
        #expect(AccessibilityTests.matches(#"\((\d+,\d)[\u00a0\u202f ]%\)"#, in: statistics).count >= 7, "shares such as 53,1 %")
        #expect(AccessibilityTests.matches(#"\((\d+\.\d)[\u00a0\u202f ]?%\)"#, in: statistics).isEmpty)
        #expect(!statistics.contains(">Élément<"), "the tables name what they count")
        let characters = try SharedSnapshot.raw("characters.json")
        for (status, word) in [("Alive", "Vivante"), ("Dead", "Morte")] {
            let woman = try #require(characters.first { $0["gender"] as? String == "Female" && $0["status"] as? String == status })
            let id = StatisticsTests.tail(woman["url"]) ?? 0
            let page = try BuildFixture.text(output, "fr/characters/\(id)/index.html")
            #expect(page.contains(">\(word)</span>"), "fr/characters/\(id)")
        }
        // Each value once: the status only in Info, the episode code only above the title.
        let rick = try BuildFixture.text(output, "characters/1/index.html")
        #expect(rick.components(separatedBy: ">Alive</span>").count - 1 == 1)
        let pilot = try BuildFixture.text(output, "episodes/1/index.html")
        #expect(pilot.components(separatedBy: "<p class=\"episode-code-large\">S01E01</p>").count - 1 == 1)
        #expect(!pilot.contains("<dt>Episode</dt>"))
    }

    @Test func pagesGrowWithTheirOwnRecordsOnly() async throws {
        let output = try await FullSite.built().output
        // The strip of places is a fixed handful, not every location on every characters page.
        for page in try Self.pages(output) where page.contains("characters/page/") || page.hasSuffix("characters/index.html") {
            let html = try BuildFixture.text(output, page)
            let places = AccessibilityTests.matches(#"href="/(?:fr/)?locations/(\d*)/?""#, in: html).count
            #expect(places <= SiteModel.placeCount + 1 + 5, "\(page) links to \(places) locations")
        }
        let index = try BuildFixture.text(output, "search/index.json")
        let object = try JSONSerialization.jsonObject(with: Data(index.utf8)) as? [String: Any] ?? [:]
        #expect((object["locations"] as? [Any])?.count == 126)
        #expect((object["episodes"] as? [Any])?.count == 51)
        #expect((object["characters"] as? [Any])?.count == 826)
    }
}
