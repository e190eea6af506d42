import Foundation
@testable import HTTPServer
@testable import RickAndMortyAPI
import TestSupport
import Testing
@testable import WikiBuild
@testable import WikiModel

/// "Your wiki" (issue 39) in headless Chromium, touch at 390 × 844, over the demo built in process: a fan stars
/// two characters, which survive a reload and a rebuild that renames one and removes the other (the favourites
/// page shows the new name and the removal); marks episodes seen from a season's rows and "mark the season seen",
/// and reads the counts on the season's and a character's pages and the next episode on the home; is greeted
/// back with what the rebuild changed; exports, clears and imports the same state; finds it all offline with the
/// server stopped; and, with storage blocked, gets the pages and a line saying why the layer is off. axe-core on
/// the pages with the layer, light and dark, and every toggle at least 24 × 24. Screenshots
/// (`RMWIKI_SCREENSHOTS=1`) go to `.test-artifacts/yours/`.
@Suite(.ownThread, .tags(.browser), .skippable(.browser),
       .enabled(if: BrowserSession.chromiumPath != nil, "no chromium binary on the PATH: the favourites browser test is skipped"))
struct YoursBrowserTests {
    static let artifacts = SharedFixtures.packageRoot.appendingPathComponent(".test-artifacts/yours")
    static let firstRebuild = "2026-11-20T03:30:00Z"
    static let secondRebuild = "2026-11-21T03:30:00Z"
    /// Snuffles is renamed by the second build, Scary Terry removed.
    static let renamed = 6, removed = 7

    static func build(_ snapshot: Snapshot, history: ChangeHistory, into output: URL) async throws {
        let settings = SiteBuild.Settings(
            templates: ProjectTheme.templates, publicFolder: ProjectTheme.publicFolder, output: output,
            cache: output.deletingLastPathComponent().appendingPathComponent("cache"),
            configuration: try SiteConfiguration(baseURL: "/"))
        _ = try await SiteBuild(settings: settings, data: .records(snapshot, avatars: DemoDataset.avatars(), history: history)).run()
    }

    static let firstHistory = ChangeHistory(entries: [
        .init(date: firstRebuild, kind: .episode, id: 1, name: "Pilot", change: .changed),
    ])

    /// The second build's data and history: one character renamed, one gone, as a nightly rebuild would find them.
    static func rebuilt() -> (Snapshot, ChangeHistory) {
        var snapshot = DemoDataset.snapshot
        snapshot.characters = snapshot.characters.filter { $0.id != removed }.map { character in
            var character = character
            if character.id == renamed { character.name = "Snowball" }
            return character
        }
        let history = ChangeHistory(entries: [
            .init(date: secondRebuild, kind: .character, id: renamed, name: "Snowball", change: .changed),
            .init(date: secondRebuild, kind: .character, id: removed, name: "Scary Terry", change: .removed),
        ] + firstHistory.entries)
        return (snapshot, history)
    }

    @Test(.hangGuard) func favouritesSeenEpisodesAndWelcomeBack() async throws {
        let work = try SharedFixtures.temporaryDirectory("rmwiki-yours")
        defer { try? FileManager.default.removeItem(at: work) }
        let output = work.appendingPathComponent("site")
        try await Self.build(DemoDataset.snapshot, history: Self.firstHistory, into: output)

        try await BrowserSite.with(StaticFileHandler(root: output), failureShot: Self.artifacts.appendingPathComponent("failure.png")) {
            browser, site, stopServer in
            try await scenario(browser, site, output: output, stopServer: stopServer)
        }
    }

    private func scenario(_ browser: BrowserSession, _ site: URL, output: URL, stopServer: () async -> Void) async throws {
        try await browser.emulate(width: 390, height: 844, mobile: true)
        let stored = "localStorage.getItem('rmwiki.yours')"

        // A first visit to the home: nothing to say yet; the device remembers the newest rebuild it was shown.
        try await browser.open(site)
        try await browser.wait(until: "(\(stored) || '').indexOf('\(Self.firstRebuild)') !== -1")
        #expect(try await browser.text("document.querySelector('.yours-since') === null") == "true")
        try await browser.wait(until: "navigator.serviceWorker.controller !== null", seconds: 30)

        // A fan's first favourites: a tap on the star of two character pages; a reload keeps them.
        for id in [Self.renamed, Self.removed] {
            try await browser.open(site.appendingPathComponent("characters/\(id)/"))
            try await tap(browser, ".yours-bar .yours-star")
            try await browser.wait(until: "document.querySelector('.yours-bar .yours-star').getAttribute('aria-pressed') === 'true'")
        }
        // Cards carry the star too, in their corner above the card's link: Snuffles' shows starred; a tap on Rick's
        // stars him (his page agrees) and a second tap unstars him; a tap beside the star still opens the record.
        try await browser.open(site.appendingPathComponent("characters/"))
        let cardStar = { (id: Int) in ".card:has(> .card-link[href$='/characters/\(id)/']) > .yours-star" }
        let pressed = { (selector: String) in "document.querySelector(\(BrowserSession.literal(selector))).getAttribute('aria-pressed')" }
        try await browser.wait(until: "document.querySelector(\(BrowserSession.literal(cardStar(Self.renamed)))) !== null")
        #expect(try await browser.text(pressed(cardStar(Self.renamed))) == "true")
        // Another tab stars Earth behind this page's back: a tap here keeps Earth (the store is read before a change).
        let favourites = "JSON.parse(\(stored)).favourites.map(f => f.kind + f.id).join()"
        try await browser.run("""
            (s => { s.favourites.push({ kind: 'location', id: 1, name: 'Earth (C-137)' }); localStorage.setItem('rmwiki.yours', \
            JSON.stringify(s)) })(JSON.parse(\(stored)))
            """)
        try await tap(browser, cardStar(1))
        try await browser.wait(until: "\(pressed(cardStar(1))) === 'true'")
        #expect(try await browser.text(favourites) == "character\(Self.renamed),character\(Self.removed),location1,character1")
        try await browser.run("""
            (s => { s.favourites = s.favourites.filter(f => f.kind !== 'location'); localStorage.setItem('rmwiki.yours', \
            JSON.stringify(s)) })(JSON.parse(\(stored)))
            """)
        try await browser.open(site.appendingPathComponent("characters/1/"))
        try await browser.wait(until: "\(pressed(".yours-bar .yours-star")) === 'true'")
        try await browser.open(site.appendingPathComponent("characters/"))
        try await tap(browser, cardStar(1))
        try await browser.wait(until: "\(pressed(cardStar(1))) === 'false'")
        #expect(try await browser.text(favourites) == "character\(Self.renamed),character\(Self.removed)")
        try await tap(browser, ".card:has(> .card-link[href$='/characters/1/']) .card-name")
        try await browser.wait(until: "location.pathname.endsWith('/characters/1/')")
        try await browser.open(site.appendingPathComponent("characters/\(Self.renamed)/"))
        try await browser.wait(until: "document.querySelector('.yours-bar .yours-star').getAttribute('aria-pressed') === 'true'")
        #expect(try await browser.text("document.querySelector('.yours-bar .yours-star').textContent") == "Favourite")
        try await shoot(browser, "first-favourite")
        try await browser.open(site.appendingPathComponent("yours/"))
        try await browser.wait(until: "document.querySelectorAll('.yours-row').length === 2")
        #expect(try await names(browser) == ["Snuffles", "Scary Terry"], "in the order starred")
        #expect(try await browser.text("document.querySelectorAll('.yours-toggle').length") == "2", "a star a favourite, no other toggle")
        #expect(try await browser.text("document.querySelector('[data-yours-clear-confirm]').checkVisibility()") == "false",
                "clearing asks to be confirmed")
        try await browser.run("const order = document.querySelector('[data-yours-order]'); order.value = 'name'; order.dispatchEvent(new Event('change'))")
        #expect(try await names(browser) == ["Scary Terry", "Snuffles"], "by name")
        try await shoot(browser, "favourites")

        // Seen: the whole first season at once, then its third episode unmarked from its row: 2 of 3.
        try await browser.open(site.appendingPathComponent("seasons/1/"))
        try await tap(browser, ".yours-bar .yours-season")
        try await browser.wait(until: "document.querySelector('.yours-count').textContent === 'You have seen 3 of 3'")
        try await tap(browser, "[data-episode='3'] .yours-seen")
        try await browser.wait(until: "document.querySelector('.yours-count').textContent === 'You have seen 2 of 3'")
        #expect(try await browser.text("document.querySelector('[data-episode=\"3\"] .yours-seen').getAttribute('aria-pressed')") == "false")
        try await browser.run("document.querySelector('.yours-bar').scrollIntoView()")
        try await shoot(browser, "season-half-seen")
        // The same state in French, in the French table's words.
        try await browser.open(site.appendingPathComponent("fr/seasons/1/"))
        try await browser.wait(until: "document.querySelector('.yours-count') !== null")
        #expect(try await browser.text("document.querySelector('.yours-count').textContent") == "Vous en avez vu 2 sur 3")
        #expect(try await browser.text("document.querySelector('[data-episode=\"1\"] .yours-seen').getAttribute('aria-label')").hasPrefix("Vu\u{202F}: "))
        try await browser.open(site.appendingPathComponent("characters/1/"))
        try await browser.wait(until: "document.querySelector('.yours-count').textContent === 'You have seen 2 of 6'")
        try await browser.open(site)
        try await browser.wait(until: "document.querySelector('.yours-next a') !== null")
        #expect(try await browser.text("document.querySelector('.yours-next').textContent") == "Next to watch: S01E03 Anatomy Park")

        // Every toggle is a target of at least 24 × 24; axe-core finds nothing serious on the pages with the layer.
        for page in ["", "characters/1/", "seasons/1/", "episodes/1/", "yours/"] {
            try await browser.open(site.appendingPathComponent(page))
            try await browser.wait(until: "document.querySelector('.yours-toggle, .yours-next') !== null")
            let small = try await browser.texts("""
                Array.from(document.querySelectorAll('.yours-toggle')).map(b => b.getBoundingClientRect())
                  .filter(r => r.width < 24 || r.height < 24).map(r => r.width + '×' + r.height)
                """)
            #expect(small.isEmpty, "/\(page): toggles under 24 × 24: \(small)")
            for dark in [false, true] where AxeCore.script != nil {
                try await browser.emulate(width: 390, height: 844, mobile: true, dark: dark)
                #expect(try await browser.axeFindings(coloursOnly: dark) == [], "/\(page) \(dark ? "dark" : "light")")
            }
            try await browser.emulate(width: 390, height: 844, mobile: true)
        }

        // The nightly rebuild: Snuffles renamed, Scary Terry gone. The favourites follow the ids.
        let (snapshot, history) = Self.rebuilt()
        try await Self.build(snapshot, history: history, into: output)
        try await browser.open(site)
        try await browser.wait(until: "document.querySelector('.yours-since') !== null")
        #expect(try await browser.text("document.querySelector('.yours-since').innerText")
            == "Since your last visit\nUpdated characters: 1 · Removed characters: 1 See what's new")
        #expect(try await browser.text("document.querySelector('.yours-since a').getAttribute('href')") == "/whats-new/rebuild-20261121T033000Z/")
        try await shoot(browser, "welcome-back")
        try await browser.open(site.appendingPathComponent("yours/"))
        try await browser.wait(until: "document.querySelectorAll('.yours-row').length === 2")
        #expect(try await names(browser) == ["Snowball", "Scary Terry"])
        #expect(try await browser.text("document.querySelector('.yours-removed .yours-gone').textContent") == "removed from the wiki")
        #expect(try await browser.text("document.querySelector('.yours-removed a') === null") == "true", "a removed record links nowhere")
        try await shoot(browser, "favourites-after-rebuild")

        // Export, clear, import: the same state.
        let before = try await browser.text(stored)
        let exported = try await browser.text("decodeURIComponent(document.querySelector('[data-yours-export]').href.split(',')[1])")
        #expect(exported == before)
        try await tap(browser, "[data-yours-clear]")
        try await tap(browser, "[data-yours-clear-confirm]")
        try await browser.wait(until: "document.querySelectorAll('.yours-row').length === 0")
        #expect(try await browser.text("JSON.parse(\(stored)).favourites.length + JSON.parse(\(stored)).seen.length") == "0")
        try await browser.run("""
            (() => { const input = document.querySelector('[data-yours-import]'), files = new DataTransfer()
              files.items.add(new File(['{"v":2}'], 'wrong.json', { type: 'application/json' }))
              input.files = files.files; input.dispatchEvent(new Event('change')) })()
            """)
        try await browser.wait(until: "document.querySelector('[data-yours-status]').textContent.indexOf('nothing was changed') !== -1")
        try await browser.run("""
            (() => { const input = document.querySelector('[data-yours-import]'), files = new DataTransfer()
              files.items.add(new File([\(BrowserSession.literal(exported))], 'rmwiki-yours.json', { type: 'application/json' }))
              input.files = files.files; input.dispatchEvent(new Event('change')) })()
            """)
        try await browser.wait(until: "document.querySelectorAll('.yours-row').length === 2")
        #expect(try await browser.text(stored) == before)

        // Storage blocked: the page works and says why the layer is off.
        try await browser.withoutStorage {
            try await browser.open(site.appendingPathComponent("characters/1/"))
            try await browser.wait(until: "document.querySelector('.yours-off') !== null")
            #expect(try await browser.text("document.querySelector('.yours-off').textContent").hasPrefix("Favourites and seen episodes are off"))
            #expect(try await browser.text("document.querySelector('h1').textContent") == "Rick Sanchez")
            #expect(try await browser.text("document.querySelectorAll('.yours-toggle').length") == "0", "no star that would not be kept")
            try await shoot(browser, "storage-off")
        }

        // Offline, the server stopped: the favourites page, a season's counts and the home's next episode. First
        // the rebuild's worker takes over, and with it the new search index (the old worker's copy names Snuffles).
        try await browser.open(site.appendingPathComponent("seasons/1/"))
        try await browser.wait(until: """
            (caches.keys().then(names => Promise.all(names.map(name => caches.open(name).then(cache => cache.keys()
              .then(keys => Promise.all(keys.filter(key => new URL(key.url).pathname === '/search/index.json')
                .map(key => cache.match(key).then(response => response.text()))))))))
              .then(found => { const copies = found.flat(); window.__indexFresh = copies.length > 0 && copies.every(text => text.includes('Snowball')) }),
             window.__indexFresh === true)
            """, seconds: 60)
        // Read again under the new worker, which keeps it (the old one's copy went with the page's old hash).
        try await browser.open(site.appendingPathComponent("seasons/1/"))
        try await browser.wait(until: "(caches.match(location.href).then(found => { window.__kept = !!found }), window.__kept === true)")
        await stopServer()
        try await browser.setOffline(true)
        try await browser.open(site.appendingPathComponent("yours/"))
        try await browser.wait(until: "document.querySelectorAll('.yours-row').length === 2")
        #expect(try await names(browser) == ["Snowball", "Scary Terry"])
        try await browser.open(site.appendingPathComponent("seasons/1/"))
        try await browser.wait(until: "document.querySelector('.yours-count') !== null && document.querySelector('.yours-count').textContent === 'You have seen 2 of 3'")
        try await browser.open(site)
        try await browser.wait(until: "document.querySelector('.yours-next a') !== null")
        try await browser.setOffline(false)
    }

    private func names(_ browser: BrowserSession) async throws -> [String] {
        try await browser.texts("Array.from(document.querySelectorAll('.yours-row .yours-name')).map(n => n.textContent)")
    }

    /// A finger's tap on the middle of the element, scrolled into view first.
    private func tap(_ browser: BrowserSession, _ selector: String) async throws {
        let element = "document.querySelector(\(BrowserSession.literal(selector)))"
        try await browser.wait(until: "\(element) !== null && !\(element).hidden")
        try await browser.run("\(element).scrollIntoView({ block: 'center' })")
        let x = try await browser.number("(r => r.left + r.width / 2)(\(element).getBoundingClientRect())")
        let y = try await browser.number("(r => r.top + r.height / 2)(\(element).getBoundingClientRect())")
        try await browser.tap(x: x, y: y)
    }

    private func shoot(_ browser: BrowserSession, _ name: String) async throws {
        guard BrowserSession.keepsScreenshots else { return }
        for dark in [false, true] {
            try await browser.emulate(width: 390, height: 844, mobile: true, dark: dark)
            try await browser.keepScreenshot(to: Self.artifacts.appendingPathComponent("\(name)-390-\(dark ? "dark" : "light").png"))
        }
        try await browser.emulate(width: 390, height: 844, mobile: true)
    }
}
