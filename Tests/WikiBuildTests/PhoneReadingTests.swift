import Foundation
import TestSupport
import Testing
@testable import WikiModel

/// What a fan on a phone jumps to and reads, over every page of the shared full-site build in both languages:
/// count tiles that lead to their lists, a character's seasons folded with their counts, labels that read as
/// labels, titles that say a word once, and the API's record date kept off an episode's first tiles.
@Suite(.tags(.fullData, .process), .skippable(.fullData, .process),
       .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)),
       .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
struct PhoneReadingTests {
    static func pages(_ output: URL) throws -> [String] {
        try FanReadingTests.pages(output).filter { !$0.hasSuffix("404.html") }
    }

    /// The `id`s of a page, to check where a link lands.
    static func ids(_ html: String) -> Set<String> {
        Set(AccessibilityTests.matches(#" id="([^"]+)""#, in: html).map { $0[1] })
    }

    @Test func everyCountTileLinksToItsList() async throws {
        let output = try await FullSite.built().output
        var linked = 0
        for page in try Self.pages(output) {
            let html = try BuildFixture.text(output, page)
            let tiles = AccessibilityTests.matches(#"<dl class="facts">(.*?)</dl>"#, in: html).first?[1] ?? ""
            // A tile whose value is a number above 0 is a count, and its list is somewhere to go.
            for tile in AccessibilityTests.matches(#"<dd>(.*?)</dd>"#, in: tiles).map({ $0[1] }) {
                let text = tile.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression)
                guard let number = Int(text.filter(\.isNumber)), number > 0, text.allSatisfy({ $0.isNumber || $0.isWhitespace || $0 == "\u{202F}" || $0 == "," }) else { continue }
                let href = try #require(FanReadingTests.first(#"^<a href="([^"]*)">"#, in: tile), "/\(page): the count \(text) is no link")
                let parts = href.split(separator: "#", omittingEmptySubsequences: false)
                #expect(parts.count == 2, "/\(page): \(href) names no list")
                let target = parts[0].isEmpty ? html
                    : try BuildFixture.text(output, String(parts[0].dropFirst()) + "index.html")
                #expect(Self.ids(target).contains(String(parts.last ?? "")), "/\(page): \(href) leads nowhere")
                linked += 1
            }
        }
        print("phone reading: \(linked) count tiles link to their lists")
        #expect(linked > 1_000)
        // A character's episode count leads to the episodes.
        #expect(try BuildFixture.text(output, "characters/1/index.html").contains(##"<a href="#episodes-heading">51 episodes</a>"##))
    }

    @Test func aCharactersSeasonsFoldWithTheirCounts() async throws {
        let output = try await FullSite.built().output
        let rick = try BuildFixture.text(output, "characters/1/index.html")
        let folds = AccessibilityTests.matches(#"<details class="season season-fold" id="season-(\d)"( open)?>\s*<summary><h3 id="season-\d-heading">Season \d <span class="season-count">(\d+) episodes</span></h3></summary>"#, in: rick)
        #expect(folds.map { $0[1] } == ["1", "2", "3", "4", "5"])
        #expect(folds.map { !$0[2].isEmpty } == [true, false, false, false, false], "the first season open, the others folded")
        #expect(folds.map { $0[3] } == ["11", "10", "10", "10", "10"])
        // Few episodes: nothing to fold away (Birdperson has 3, in two seasons).
        let birdperson = try BuildFixture.text(output, "fr/characters/47/index.html")
        let open = AccessibilityTests.matches(#"<details class="season season-fold" id="season-\d"( open)?>"#, in: birdperson)
        #expect(!open.isEmpty && open.allSatisfy { !$0[1].isEmpty })
    }

    @Test func englishLabelsAreCapitalisedTheDataIsNot() async throws {
        let output = try await FullSite.built().output
        var pages = 0
        for page in try Self.pages(output) where !page.hasPrefix("fr/") {
            let html = try BuildFixture.text(output, page)
            // Text between tags (attributes, scripts and JSON aside): a label, a badge, a heading.
            let lowercase = AccessibilityTests.matches(#">([^<]*\bunknown\b[^<]*)<"#, in: html)
                .map { $0[1] }.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("unknown") }
            #expect(lowercase.isEmpty, "/\(page): \(lowercase)")
            if html.contains(">Unknown<") { pages += 1 }
        }
        print("phone reading: \(pages) English pages show “Unknown” as a label")
        #expect(pages > 500)
        #expect(try BuildFixture.text(output, "species/unknown/index.html").contains("<h1>Unknown</h1>"))
        #expect(try BuildFixture.text(output, "statuses/unknown/index.html").contains("<h1>Unknown</h1>"))
        // The data keeps the API's word, in the pages' addresses too.
        #expect(try BuildFixture.text(output, "species/index.html").contains(#"<a href="/species/unknown/">Unknown</a>"#))
    }

    @Test func titlesSayTheirKindOnceAndEpisodesLabelTheRecordDate() async throws {
        let output = try await FullSite.built().output
        for page in try Self.pages(output) {
            let html = try BuildFixture.text(output, page)
            let title = FanReadingTests.first("<title>([^<]*)</title>", in: html) ?? ""
            #expect(!title.lowercased().contains("dimension: dimension") && !title.lowercased().contains("dimension\u{202F}: dimension"),
                    "/\(page): \(title)")
        }
        #expect(try BuildFixture.text(output, "dimensions/dimension-c-137/index.html")
            .contains("<title>Dimension C-137: locations and characters · Rick and Morty Wiki</title>"))
        // The API's record date is said to be the API's, below the lists, not a tile beside the air date.
        let pilot = try BuildFixture.text(output, "episodes/1/index.html")
        let tiles = AccessibilityTests.matches(#"<dl class="facts">(.*?)</dl>"#, in: pilot).first?[1] ?? ""
        #expect(!tiles.contains("2017") && !tiles.contains("Created"))
        #expect(pilot.contains(#"<p class="record-date">Added to the API on <time datetime="2017-11-10">November 10, 2017</time></p>"#))
        #expect(try BuildFixture.text(output, "fr/episodes/1/index.html").contains(#"<p class="record-date">Ajouté à l’API le <time datetime="2017-11-10">"#))
    }
}

/// A very long name is shortened in the heading and said whole further down.
@Suite struct ShortHeadingTests {
    @Test func aLongNameIsCutAtAWordAndAShortOneIsKept() throws {
        let long = String(repeating: "Wubba lubba dub dub! ", count: 600)
        let short = try #require(PageMeta.shortened(long))
        #expect(short == "Wubba lubba dub dub! Wubba lubba dub dub! Wubba lubba dub…")
        #expect(short.count <= PageMeta.headingLimit + 1)
        #expect(PageMeta.shortened(String(repeating: "W", count: 300)) == String(repeating: "W", count: 60) + "…")
        #expect(PageMeta.shortened("Rick Sanchez") == nil)
        #expect(PageMeta.shortened(String(repeating: "a", count: 61)) == nil, "a heading one letter over is not cut to save a letter")
    }
}
