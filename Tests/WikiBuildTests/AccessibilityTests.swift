import Foundation
@testable import RickAndMortyAPI
import TestSupport
import Testing

/// The structural accessibility rules every page keeps, checked on the whole demo site in both languages.
@Suite struct AccessibilityTests {
    static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]) else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    @Test func everyPageHasLanguageLandmarksOneHeadingAndLabelledControls() async throws {
        let (output, _) = try await SiteFixture.build(DemoDataset.snapshot, avatars: DemoDataset.avatars())
        let pages = try SiteChecker(root: output).pages()
        // Every kind of page is among those checked, in both languages, and every record has its page.
        let snapshot = DemoDataset.snapshot
        let kinds = ["index.html", "characters/index.html", "characters/a-z/index.html", "characters/most-episodes/index.html",
                     "locations/index.html", "episodes/index.html", "search/index.html", "statistics/index.html",
                     "whats-new/index.html", "404.html", "offline/index.html", "random/index.html",
                     "dimensions/index.html", "species/index.html", "species/human/index.html", "types/index.html",
                     "seasons/index.html", "seasons/1/index.html"]
        let records = snapshot.characters.map { "characters/\($0.id)/index.html" }
            + snapshot.locations.map { "locations/\($0.id)/index.html" } + snapshot.episodes.map { "episodes/\($0.id)/index.html" }
        let expected = kinds + records
        let missing = Set(expected + expected.map { "fr/" + $0 }).subtracting(pages)
        #expect(missing.isEmpty, "\(missing.sorted().prefix(5))")
        for page in pages {
            let html = try BuildFixture.text(output, page)
            let lang = page.hasPrefix("fr/") ? "fr" : "en"
            #expect(html.contains("<html lang=\"\(lang)\">"), "\(page)")
            #expect(html.contains("<a class=\"skip-link\" href=\"#main\">"), "\(page)")
            for landmark in ["<header", "<nav", "<main id=\"main\"", "<footer"] {
                #expect(html.contains(landmark), "\(page) lacks \(landmark)")
            }
            #expect(Self.matches("<h1[ >]", in: html).count == 1, "\(page) must have exactly one h1")

            // Headings never skip a level on the way down.
            let levels = Self.matches("<h([1-6])[ >]", in: html).compactMap { Int($0[1]) }
            for (previous, next) in zip(levels, levels.dropFirst()) {
                #expect(next <= previous + 1, "\(page): h\(previous) followed by h\(next)")
            }
            // Every image has alt text and a size. A card's picture has an empty alt: its link names the character
            // already, and screen readers would say the name twice. Only what the first screen shows loads
            // eagerly: the character page's picture (fetched first) and a phone's first two rows of a grid.
            let images = Self.matches("<img [^>]*>", in: html).map { $0[0] }
            for image in images {
                if image.contains("class=\"card-image\"") {
                    #expect(image.contains("alt=\"\""), "\(page): \(image)")
                } else {
                    #expect(image.contains("alt=\"") && !image.contains("alt=\"\""), "\(page): \(image)")
                }
                #expect(image.contains("width=\"") && image.contains("height=\""), "\(page): \(image)")
                #expect(image.contains("loading=\"lazy\"") || image.contains("loading=\"eager\""), "\(page): \(image)")
            }
            let eager = images.filter { $0.contains("loading=\"eager\"") }
            #expect(eager.count <= 5, "\(page): \(eager.count) eager pictures")
            #expect(eager.filter { !$0.contains("class=\"card-image\"") }.allSatisfy { $0.contains("fetchpriority=\"high\"") }, "\(page)")
            let cardLinks = Self.matches(#"<a class="card-link" href="[^"]*">\s*<img [^>]*>\s*<span class="card-name">([^<]+)</span>"#, in: html)
            #expect(cardLinks.allSatisfy { !$0[1].trimmingCharacters(in: .whitespaces).isEmpty }, "\(page): a card link without a name")
            // Every form control has a label pointing at it.
            for control in Self.matches("<(?:input|select|textarea) [^>]*id=\"([^\"]+)\"", in: html) {
                #expect(html.contains("<label for=\"\(control[1])\">"), "\(page): #\(control[1]) has no label")
            }
            #expect(Self.matches("<(?:input|select|textarea)(?![^>]*id=)[^>]*>", in: html).isEmpty, "\(page): a control without id")
        }
    }
}
