import Foundation
import TestSupport
import Testing

/// One page of each kind, rendered from the small fixture and compared byte for byte with
/// `Golden/`. After an intended change, regenerate with `RMWIKI_UPDATE_GOLDEN=1 swift test --filter GoldenPageTests`
/// and review the diff like code.
@Suite struct GoldenPageTests {
    static let kinds = [
        "index.html", "characters/index.html", "characters/a-z/index.html", "characters/most-episodes/index.html",
        "characters/1/index.html", "locations/index.html",
        "locations/1/index.html", "episodes/index.html", "episodes/2/index.html", "search/index.html",
        "statistics/index.html", "whats-new/index.html", "whats-new/rebuild-20261121T033000Z/index.html", "404.html",
        "search/index.json", "feed.xml",
        "dimensions/index.html", "dimensions/dimension-c-137/index.html", "species/index.html", "species/human/index.html",
        "types/index.html", "types/parasite/index.html", "seasons/index.html", "seasons/1/index.html",
        "yours/index.html", "whats-new/recent.json",
    ]
    /// Every kind in English at the root and in French under `fr/`, plus the file shared by both. The sitemap
    /// is checked for what it lists (`sitemapListsEveryPageOnceWithItsTranslation`), not byte for byte, so that
    /// a new page does not change a golden file for another kind.
    static let pages = kinds + kinds.map { "fr/" + $0 } + ["robots.txt"]
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test(arguments: pages)
    func pageMatchesItsGoldenFile(path: String) async throws {
        let (output, _) = try await SiteFixture.build(
            SmallWorld.snapshot, avatars: SmallWorld.avatars, history: SmallWorld.history, baseURL: "https://example.org/wiki/")
        let rendered = try BuildFixture.text(output, path)
        let golden = Self.goldenFolder.appendingPathComponent(path.replacingOccurrences(of: "/", with: "__"))
        if ProcessInfo.processInfo.environment["RMWIKI_UPDATE_GOLDEN"] == "1" {
            try Data(rendered.utf8).write(to: golden)
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        if rendered != expected {
            let renderedLines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(renderedLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }
            let line = first?.offset ?? min(renderedLines.count, expectedLines.count)
            Issue.record("""
                \(path) differs from its golden file at line \(line + 1):
                  got:      \(line < renderedLines.count ? String(renderedLines[line]) : "<end>")
                  expected: \(line < expectedLines.count ? String(expectedLines[line]) : "<end>")
                """)
        }
    }

    /// A list that fits one page shows no pager: "Page 1 of 1" between arrows leading nowhere says nothing.
    @Test func aListOfOnePageHasNoPager() async throws {
        let (output, _) = try await SiteFixture.build(SmallWorld.snapshot, avatars: SmallWorld.avatars, history: SmallWorld.history)
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        let lists = ["characters/", "characters/a-z/", "characters/most-episodes/", "locations/", "whats-new/", "dimensions/dimension-c-137/",
                     "species/human/", "seasons/1/", "locations/1/"]
        for path in lists + lists.map({ "fr/" + $0 }) {
            let page = try BuildFixture.text(output, path + "index.html")
            #expect(!page.contains("class=\"pager") && !page.contains("Page 1 of 1") && !page.contains("Page 1 sur 1"), "\(path)")
        }
    }

    @Test func sitemapListsEveryPageOnceWithItsTranslation() async throws {
        let (output, _) = try await SiteFixture.build(
            SmallWorld.snapshot, avatars: SmallWorld.avatars, history: SmallWorld.history, baseURL: "https://example.org/wiki/")
        let sitemap = try BuildFixture.text(output, "sitemap.xml")
        let base = "https://example.org/wiki/"
        let entries = sitemap.matches(of: /<url>\s*<loc>([^<]*)<\/loc>((?:\s*<xhtml:link [^>]*\/>)*)\s*<\/url>/)
        #expect(sitemap.matches(of: /<url>/).count == entries.count, "every entry has a location and only alternates")
        // The pages a reader lands on from a search engine, in each language: every page but the 404, offline
        // and random ones; each names itself in both languages.
        let unlisted = ["404.html", "offline/", "random/"]
        let pages = try SiteChecker(root: output).pages()
            .map { $0.hasSuffix("index.html") ? String($0.dropLast("index.html".count)) : $0 }
            .filter { page in !unlisted.contains(page.hasPrefix("fr/") ? String(page.dropFirst(3)) : page) }
        let listed = entries.map { String($0.1) }
        #expect(listed.count == Set(listed).count, "each page once")
        #expect(Set(listed) == Set(pages.map { base + $0 }), "\(Set(listed).symmetricDifference(pages.map { base + $0 }).prefix(5))")
        for entry in entries {
            let path = String(entry.1.dropFirst(base.count))
            let english = path.hasPrefix("fr/") ? String(path.dropFirst(3)) : path
            let alternates = entry.2.matches(of: /hreflang="([^"]*)" href="([^"]*)"/).map { "\($0.1) \($0.2)" }
            #expect(alternates == ["en \(base)\(english)", "fr \(base)fr/\(english)"], "\(path)")
        }
    }
}
