import Foundation
import TestSupport
import Testing
@testable import RMWikiCLI

/// `rmwiki serve --demo --watch` seen through a real headless Chromium: pages render, the search script
/// answers a typed query, a character page has its sections, and an edited template reloads the open
/// page (a broken one shows the error overlay). Screenshots (`RMWIKI_SCREENSHOTS=1`) go to `.test-artifacts/`.
@Suite(.ownThread, .tags(.browser), .skippable(.browser), .enabled(if: BrowserSession.chromiumPath != nil,
                "no chromium binary on the PATH (apt-get install -y chromium): the browser test is skipped"))
struct BrowserPreviewTests {
    static let artifacts = SharedFixtures.packageRoot.appendingPathComponent(".test-artifacts")

    /// The search index entries as the page script reads them: [id, name, status, gender, species, image].
    struct SearchIndex: Decodable {
        let characters: [[Entry]]

        enum Entry: Decodable {
            case number(Int)
            case text(String)

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let number = try? container.decode(Int.self) { self = .number(number) } else { self = .text(try container.decode(String.self)) }
            }
        }

        var names: [(id: Int, name: String)] {
            characters.compactMap { entry in
                guard entry.count > 1, case .number(let id) = entry[0], case .text(let name) = entry[1] else { return nil }
                return (id, name)
            }
        }
    }

    @Test func pagesSearchAndLiveReloadInChromium() async throws {
        let work = try SharedFixtures.temporaryDirectory("rmwiki-browser")
        defer { try? FileManager.default.removeItem(at: work) }
        let templates = work.appendingPathComponent("Templates")
        let output = work.appendingPathComponent("site")
        try FileManager.default.copyItem(at: ProjectTheme.templates, to: templates)
        let arguments = ["--demo", "--watch", "--quiet", "--output", output.path, "--templates", templates.path,
                         "--public", ProjectTheme.publicFolder.path]
        let (_, code) = try await ServeTestRun.with(arguments) { run in
            try await BrowserSession.with(failureShot: Self.artifacts.appendingPathComponent("browser-failure.png")) { browser in
                try await scenario(browser, run.url, output: output, templates: templates)
            }
        }
        #expect(code == .success)
    }

    private func scenario(_ browser: BrowserSession, _ site: URL, output: URL, templates: URL) async throws {
        let index = try JSONDecoder().decode(SearchIndex.self, from: Data(contentsOf: output.appendingPathComponent("search/index.json")))

        // Home page.
        try await browser.open(site)
        #expect(try await browser.text("document.title") == "Rick and Morty Wiki")
        #expect(try await browser.text("document.querySelector('h1').textContent.trim()").isEmpty == false)
        #expect(try await browser.texts("Array.from(document.querySelectorAll('.site-nav a')).map(a => a.textContent)").count >= 4)
        #expect(try await browser.text("document.querySelectorAll('script[src=\"\(LiveReloadScript.scriptPath)\"]').length") == "1")
        try await browser.keepScreenshot(to: Self.artifacts.appendingPathComponent("browser-home.png"))

        // Search: type a query; the script filters the index and draws the cards.
        try await browser.open(site.appendingPathComponent("search/"))
        try await browser.wait(until: "!document.querySelector('[data-search]').hidden")
        try await browser.type("smith", into: "#search-query")
        try await browser.wait(until: "location.search === '?q=smith'")
        let expected = index.names.map(\.name).filter { $0.lowercased().contains("smith") }
        #expect(expected.count > 1, "the demo has several Smiths")
        let shown = try await browser.texts("Array.from(document.querySelectorAll('#search-results .row-text > a')).map(e => e.textContent)")
        #expect(shown.sorted() == expected.sorted())
        // And the demo's article "The Smith family at dinner", found by its title, in a group of its own.
        #expect(try await browser.text("document.getElementById('search-summary').textContent") == "\(expected.count + 1) results.")
        #expect(try await browser.texts("Array.from(document.querySelectorAll('#search-articles a')).map(a => a.getAttribute('href'))")
            .count == 1)
        #expect(try await browser.text("document.getElementById('search-groups').hidden") == "true")
        let links = try await browser.texts("Array.from(document.querySelectorAll('#search-results .row-text > a')).map(a => a.getAttribute('href'))")
        #expect(links.allSatisfy { $0.hasPrefix("/characters/") && $0.hasSuffix("/") }, "\(links)")
        try await browser.keepScreenshot(to: Self.artifacts.appendingPathComponent("browser-search.png"))

        // The French search: French labels and filters, French status words on the cards, links under /fr/.
        let french = try JSONDecoder().decode(
            SearchIndex.self, from: Data(contentsOf: output.appendingPathComponent("fr/search/index.json")))
        try await browser.open(site.appendingPathComponent("fr/search/"))
        try await browser.wait(until: "!document.querySelector('[data-search]').hidden")
        #expect(try await browser.text("document.documentElement.lang") == "fr")
        #expect(try await browser.text("document.querySelector('label[for=search-query]').textContent") == "Nom, lieu ou épisode")
        try await browser.type("smith", into: "#search-query")
        try await browser.wait(until: "location.search === '?q=smith'")
        let frenchShown = try await browser.texts("Array.from(document.querySelectorAll('#search-results .row-text > a')).map(e => e.textContent)")
        #expect(frenchShown.sorted() == french.names.map(\.name).filter { $0.lowercased().contains("smith") }.sorted())
        #expect(try await browser.text("document.getElementById('search-summary').textContent") == "\(frenchShown.count + 1) résultats.")
        let badges = try await browser.texts("Array.from(document.querySelectorAll('#search-results .badge')).map(e => e.textContent)")
        #expect(!badges.isEmpty && badges.allSatisfy { ["Vivant", "Vivante", "Mort", "Morte", "Inconnu", "Inconnue"].contains($0) }, "\(badges)")
        let frenchLinks = try await browser.texts("Array.from(document.querySelectorAll('#search-results .row-text > a')).map(a => a.getAttribute('href'))")
        #expect(frenchLinks.allSatisfy { $0.hasPrefix("/fr/characters/") }, "\(frenchLinks)")
        try await browser.keepScreenshot(to: Self.artifacts.appendingPathComponent("browser-search-fr.png"))
        // The pilot, "La Nuit des méga-graines" in the demo's French content, is found by either name (no word of the
        // French one starts like "pilot") and shown by the page's.
        for query in ["graines", "pilot"] {
            try await browser.open(try #require(URL(string: "fr/search/?q=\(query)", relativeTo: site)))
            try await browser.wait(until: "document.querySelectorAll('#search-episodes a').length > 0")
            #expect(try await browser.texts("Array.from(document.querySelectorAll('#search-episodes li > a')).map(a => a.textContent)")
                .first == "La Nuit des méga-graines", "the French search for \(query)")
        }
        // Three pages on, a preview has registered no service worker: nothing keeps an edit from showing.
        try await browser.run("navigator.serviceWorker.getRegistrations().then(function (all) { window.__workers = all.length; })")
        #expect(try await browser.text("window.__workers") == "0")

        // The header from tablets to desktops, in both languages, with the demo's Articles section: every section
        // is in view (the longest French row once scrolled sideways between 960 and 1100 px, its first words out
        // of reach on the left). Twenty pages in a row also prove that pages left behind free their live-reload
        // stream: they once held the browser's six connections, and the seventh page waited for its pictures.
        for width in [600, 768, 960, 1024, 1100, 1152, 1280, 1440] {
            try await browser.emulate(width: width, height: 800, mobile: false)
            for page in ["", "fr/"] {
                // A loaded two-core machine serving a live preview may take a while to answer.
                try await browser.open(site.appendingPathComponent(page), seconds: 45)
                let outside = try await browser.texts("""
                    (function () {
                      const row = document.querySelector('.site-nav ul'), box = row.getBoundingClientRect();
                      return Array.from(row.querySelectorAll('a')).filter(a => {
                        const r = a.getBoundingClientRect();
                        return r.left < box.left - 1 || r.right > box.right + 1 || r.left < 0 || r.right > innerWidth;
                      }).map(a => a.textContent).concat(row.scrollWidth > row.clientWidth + 1 ? ['(the row scrolls)'] : []);
                    })()
                    """)
                #expect(outside.isEmpty, "/\(page) at \(width) px, sections out of view: \(outside)")
            }
        }
        try await browser.emulate(width: 1200, height: 900, mobile: false)

        // A character page and its sections.
        let first = try #require(index.names.first)
        try await browser.open(site.appendingPathComponent("characters/\(first.id)/"))
        #expect(try await browser.text("document.querySelector('article.character h1').textContent") == first.name)
        let headings = try await browser.texts("Array.from(document.querySelectorAll('article.character section > h2')).map(h => h.id)")
        // The demo's content gives Rick a biography, and pages that mention him.
        #expect(headings == ["picture-heading", "info-heading", "prose-heading", "costars-heading", "episodes-heading", "mentions-heading"])
        #expect(Int(try await browser.text("document.querySelectorAll('dl.info-list dt').length")) ?? 0 >= 4)
        #expect(Int(try await browser.text("document.querySelectorAll('.character-episodes a[href^=\"/episodes/\"]').length")) ?? 0 >= 1)
        try await browser.wait(until: "document.querySelector('.character-picture img').complete && document.querySelector('.character-picture img').naturalWidth > 0")
        try await browser.keepScreenshot(to: Self.artifacts.appendingPathComponent("browser-character.png"))

        // Live reload: an edited template shows up in the open page, which really reloaded.
        let template = templates.appendingPathComponent("character.mustache")
        let original = try String(contentsOf: template, encoding: .utf8)
        try await browser.run("window.rmwikiBeforeReload = true")
        let edited = original.replacingOccurrences(of: "<h1>{{meta.shownHeading}}</h1>", with: "<h1>{{meta.shownHeading}}</h1>\n<p id=\"live-edit\">Edited while the page was open</p>")
        #expect(edited != original)
        try Data(edited.utf8).write(to: template)
        try await browser.wait(until: "document.getElementById('live-edit') !== null", seconds: 15)
        #expect(try await browser.text("window.rmwikiBeforeReload") == "undefined")

        // A broken template: the overlay names it, the last good page stays underneath.
        try Data((edited + "\n{{#never-closed}}\n").utf8).write(to: template)
        try await browser.wait(until: "document.getElementById('rmwiki-build-error') !== null", seconds: 15)
        let overlay = try await browser.text("document.getElementById('rmwiki-build-error').textContent")
        #expect(overlay.contains("never-closed"), "\(overlay)")
        #expect(overlay.contains("character"), "\(overlay)")
        #expect(try await browser.text("document.getElementById('live-edit') !== null") == "true")
        try await browser.keepScreenshot(to: Self.artifacts.appendingPathComponent("browser-build-error.png"))

        // Fixed again: the page reloads without the overlay.
        try Data(original.utf8).write(to: template)
        try await browser.wait(until: "document.readyState === 'complete' && document.getElementById('live-edit') === null && document.getElementById('rmwiki-build-error') === null", seconds: 15)
    }
}
