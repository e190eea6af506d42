import Foundation
import TestSupport
import Testing

/// `rmwiki build` end to end on the whole real dataset, fetched over HTTP from a loopback copy of the API: the
/// shared full-site build (`FullSite`) is that run.
@Suite(.tags(.fullData, .process), .skippable(.fullData, .process),
       .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)),
       .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
struct FullSiteIntegrationTests {
    @Test func theWholeSiteIsBuiltAndEveryLinkResolves() async throws {
        let result = try await FullSite.built()
        let output = result.output
        #expect(result.out.contains("published"))

        let checker = SiteChecker(root: output)
        let files = try checker.files()
        func count(_ pattern: String) -> Int {
            let expression = try? NSRegularExpression(pattern: pattern)
            return files.filter { expression?.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }.count
        }
        for locale in ["", "fr/"] {
            #expect(count("^\(locale)characters/\\d+/index\\.html$") == 826, "\(locale)")
            #expect(count("^\(locale)locations/\\d+/index\\.html$") == 126, "\(locale)")
            #expect(count("^\(locale)episodes/\\d+/index\\.html$") == 51, "\(locale)")
            #expect(count("^\(locale)characters/page/\\d+/index\\.html$") == 41, "42 pages of 20, the first at characters/")
            #expect(count("^\(locale)locations/page/\\d+/index\\.html$") == 6, "7 pages of 20 locations")
            // A first page per group: 34 dimensions but "unknown" and the empty one, every species, the shared types.
            #expect(count("^\(locale)dimensions/[^/]+/index\\.html$") == 32, "\(locale)")
            #expect(count("^\(locale)species/[^/]+/index\\.html$") == 10, "\(locale)")
            #expect(count("^\(locale)types/[^/]+/index\\.html$") == 62, "\(locale)")
            #expect(count("^\(locale)seasons/\\d+/index\\.html$") == 5, "\(locale)")
        }
        #expect(try BuildFixture.text(output, "fr/characters/page/42/index.html").contains("Page 42 sur 42"))
        #expect(try BuildFixture.text(output, "fr/characters/1/index.html").contains("<html lang=\"fr\">"))
        #expect(count(#"^images/characters/\d+\.(jpeg|png)$"#) == 826)
        // Every real avatar decodes, so each has its copies for rows of faces and for cards.
        for side in [44, 88, 132, 200] { #expect(count("^images/characters/\\d+-\(side)\\.jpg$") == 826, "\(side) px") }
        #expect(try BuildFixture.text(output, "characters/index.html")
            .contains(#"src="/images/characters/1.jpeg" srcset="/images/characters/1-200.jpg 200w, "#
                + #"/images/characters/1.jpeg 300w" sizes="(max-width: 30rem) calc(50vw - 1.3rem), 12rem""#))
        #expect(try BuildFixture.text(output, "characters/1/index.html")
            .contains(#"srcset="/images/characters/2-44.jpg 44w, /images/characters/2-88.jpg 88w, "#
                + #"/images/characters/2-132.jpg 132w, /images/characters/2.png 300w" sizes="2.75rem""#))
        #expect(!result.err.contains("cannot be made smaller"), "\(result.err)")

        let lastPage = try BuildFixture.text(output, "characters/page/42/index.html")
        #expect(lastPage.components(separatedBy: "class=\"card character-card").count - 1 == 6, "826 = 41 × 20 + 6")
        #expect(lastPage.contains("Page 42 of 42"))
        let episodes = try BuildFixture.text(output, "episodes/index.html")
        for season in 1...5 { #expect(episodes.contains("id=\"season-\(season)\"")) }
        #expect(!episodes.contains("id=\"season-6\""))

        // The known one-sided links show from both ends (the data layer's union rule).
        #expect(try BuildFixture.text(output, "episodes/18/index.html").contains("href=\"/characters/125/\""))
        #expect(try BuildFixture.text(output, "characters/663/index.html").contains("href=\"/episodes/10/\""))
        #expect(try BuildFixture.text(output, "locations/35/index.html").contains("href=\"/characters/125/\""))

        let problems = try checker.problems()
        #expect(problems.isEmpty, "\(problems.count) problems, e.g. \(problems.prefix(5))")
    }
}
