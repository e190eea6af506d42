import Foundation
@testable import HTTPServer
import LoopbackAPI
import TestSupport
import Testing

/// The wiki as an app on a phone (issue 22), over the real dataset's first 100 characters with every location and
/// episode (`SharedSlice`: every kind of page, in both languages) in headless Chromium at 390 × 844: installable
/// (`chromium`'s own check; the walk runs in the headless shell), the search control in view at 320 and 390 px on
/// every kind of page (of the shared full site, in a test of its own), the first tap on a result opening it, back to top, random character; then with the server stopped (no network at all, for the
/// page and its service worker): a visited page opens, an unvisited one shows the offline page in its language,
/// search answers; after "Save the wiki for offline", whose list names every page of the language, 20 pages of
/// each language and their pictures open offline; a rebuild that renames a character is seen at the next visit
/// online, and a rebuild that changes nothing leaves `sw.js` byte-identical. Every wait is on a condition.
/// Screenshots (`RMWIKI_SCREENSHOTS=1`) go to `.test-artifacts/pocket/`.
///
/// A slice, not the whole dataset: the suite needs a site of its own to rebuild, and saving all of the real
/// wiki (about 90 MB, both languages) took most of its CPU; what the save does per page is the same at any size.
@Suite(.ownThread, .tags(.browser, .fullData, .process), .skippable(.browser, .fullData, .process),
       .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)),
       .enabled(if: BrowserSession.chromiumPath != nil && SharedFixtures.hasAPIData,
                "needs chromium on the PATH and ../shared/rickandmorty-api: the offline browser test is skipped"))
struct PocketBrowserTests {
    static let artifacts = SharedFixtures.packageRoot.appendingPathComponent(".test-artifacts/pocket")
    static let languages = ["", "fr/"]
    static let renamed = 2
    static let characters = 100

    @Test func theWikiInYourPocket() async throws {
        let work = try BuildWorkspace("rmwiki-pocket")
        defer { work.remove() }
        let output = work.output
        try await LoopbackSession.with(try SharedSlice(characters: Self.characters).server()) { api, base in
            let built = try await work.run(work.buildArguments(api: base))
            try #require(built.code == 0, "\(built.err)")
            let worker = try Data(contentsOf: output.appendingPathComponent("sw.js"))
            let unchanged = try await work.run(work.buildArguments(api: nil))
            try #require(unchanged.code == 0, "\(unchanged.err)")
            #expect(try Data(contentsOf: output.appendingPathComponent("sw.js")) == worker, "a no-change rebuild leaves sw.js as it was")

            let site = try await SiteServer(output: output)
            let browser: BrowserSession
            do {
                try await expectInstallable(site)
                browser = try await BrowserSession.launch(ownContext: false)
            } catch {
                await site.stop()
                throw error
            }
            do {
                try await run(browser, site, output: output, rebuild: {
                    try await api.updateCharacter(id: Self.renamed) { $0.name = "Morty the Renamed" }
                    let rebuilt = try await work.run(work.buildArguments(api: base))
                    try #require(rebuilt.code == 0, "\(rebuilt.err)")
                })
            } catch {
                try? await browser.screenshot(to: Self.artifacts.appendingPathComponent("failure.png"))
                await browser.close()
                await site.stop()
                throw error
            }
            await browser.close()
            await site.stop()
        }
    }

    /// Installable from the home page and a character page of each language, by `chromium`'s own check (the
    /// walk's headless shell has none), in a profile of its own: first a document of the site that links no
    /// manifest (the feed), which the check must find wanting, or its "nothing wrong" would say nothing.
    private func expectInstallable(_ site: SiteServer) async throws {
        let root = await site.url
        try await BrowserSession.with(installable: true) { browser in
            try await open(browser, root.appendingPathComponent("feed.xml"))
            #expect(try await browser.installabilityErrors().contains("no-manifest"), "the install check finds no missing manifest")
            for language in Self.languages {
                for path in ["", "characters/1/"] {
                    try await open(browser, root.appendingPathComponent(language + path))
                    #expect(try await browser.installabilityErrors() == [], "\(language + path)")
                }
            }
        }
    }

    private func run(
        _ browser: BrowserSession, _ site: SiteServer, output: URL, rebuild: () async throws -> Void
    ) async throws {
        try await browser.emulate(width: 390, height: 844, mobile: true)
        let root = await site.url

        // The worker in control from the home page and a character page of each language.
        // A language's own files (its search index among them) are stored once one of its pages is read: a reader
        // of English alone never downloads the French ones.
        let storedIndexes = """
            (caches.open('rmwiki-static').then(cache => cache.keys()).then(keys => {
              window.__indexes = keys.map(key => new URL(key.url).pathname).filter(path => path.endsWith('search/index.json'));
            }), (window.__indexes || []).sort().join(' '))
            """
        for language in Self.languages {
            for path in ["", "characters/1/"] {
                try await open(browser, root.appendingPathComponent(language + path))
                try await browser.wait(until: "navigator.serviceWorker.controller !== null", seconds: 30)
            }
            let read = Self.languages.prefix { $0 != language } + [language]
            let expected = read.map { "/\($0)search/index.json" }.sorted().joined(separator: " ")
            try await browser.wait(until: "\(storedIndexes) === '\(expected)'", seconds: 30)
            // The worker notes a language's offline list only once every file of that language is stored (its
            // offline page among them, which the unvisited pages below need): the index alone may come first.
            let lists = read.map { "/\($0)offline/files.json" }.sorted().joined(separator: " ")
            try await browser.wait(until: """
                (caches.open('rmwiki-lists').then(cache => cache.keys()).then(keys => {
                  window.__lists = keys.map(key => new URL(key.url).pathname).sort().join(' ');
                }), window.__lists === '\(lists)')
                """, seconds: 30)
        }
        let installed = try await storedBytes(browser)
        print("pocket: the worker stored \(installed) bytes (navigator.storage.estimate, both languages read, 4 pages visited)")

        try await firstTap(browser, root)
        try await backToTop(browser, root)
        let landed = try await randomCharacter(browser, root)

        // No network at all: the server is gone, for the page and its worker alike.
        await site.stop()
        try await browser.setOffline(true)
        for language in Self.languages {
            try await open(browser, root.appendingPathComponent(language + "characters/1/"))
            #expect(try await browser.text("document.querySelector('h1').textContent") == "Rick Sanchez")
            // A character page no step above opened: the random character may have been any of them.
            let unvisited = try #require((3...Self.characters).first { !landed.contains("/\(language)characters/\($0)/") })
            try await open(browser, root.appendingPathComponent(language + "characters/\(unvisited)/"))
            #expect(try await browser.text("document.documentElement.lang") == (language.isEmpty ? "en" : "fr"))
            #expect(try await browser.text("document.querySelector('[data-offline-missing]').hidden") == "false",
                    "an unvisited page shows the offline page")
            try await browser.wait(until: "document.querySelectorAll('[data-offline-list] a').length > 0")
            if language.isEmpty {
                try await shoot(browser, "offline-page")
                try await browser.emulate(width: 390, height: 844, mobile: true, dark: true)
                try await shoot(browser, "offline-page-dark")
                try await browser.emulate(width: 390, height: 844, mobile: true)
            }
            try await open(browser, root.appendingPathComponent(language + "search/"))
            try await browser.type("rick", into: "#search-query")
            try await browser.wait(until: "document.querySelectorAll('#search-characters [data-list] li').length > 0", seconds: 30)
            // Each result is marked once the worker's caches answer for it: wait for all of them, not the first.
            try await browser.wait(until: "document.querySelectorAll('#search-characters .offline-note').length === document.querySelectorAll('#search-characters [data-list] li').length")
            #expect(try await browser.text("document.querySelector('#search-characters .offline-yes') !== null") == "true",
                    "Rick, visited, is said to open offline")
            #expect(try await browser.text("document.querySelector('#search-characters .offline-no') !== null") == "true",
                    "others are said not to")
        }

        // Save each language for offline, then open 20 of its pages and their pictures with the network gone.
        try await site.start()
        try await browser.setOffline(false)
        var before = try await storedBytes(browser)
        for language in Self.languages {
            try await open(browser, root.appendingPathComponent(language + "offline/"))
            try await browser.wait(until: "/\\d/.test(document.querySelector('[data-offline-save]').textContent)")
            let label = try await browser.text("document.querySelector('[data-offline-save]').textContent")
            try await browser.run("document.querySelector('[data-offline-save]').click()")
            try await browser.wait(until: "document.querySelector('[data-offline-progress]').value > 200", seconds: 60)
            if language.isEmpty {
                try await shoot(browser, "saving")
                try await browser.emulate(width: 390, height: 844, mobile: true, dark: true)
                try await shoot(browser, "saving-dark")
                try await browser.emulate(width: 390, height: 844, mobile: true)
            }
            try await browser.wait(until: "!document.querySelector('[data-offline-remove]').hidden", seconds: 600)
            let after = try await storedBytes(browser)
            print("pocket: saving \(language.isEmpty ? "en" : "fr") (\(label)) stored \(after - before) more bytes: "
                + (try await browser.text("document.querySelector('[data-offline-status]').textContent")))
            before = after
        }
        await site.stop()
        for language in Self.languages {
            let list = try JSONSerialization.jsonObject(
                with: Data(contentsOf: output.appendingPathComponent(language + "offline/files.json"))) as? [String: Any]
            let pages = (list?["pages"] as? [[Any]] ?? []).compactMap { $0.first as? String }
            #expect(Set(pages) == Self.pageFolders(output, language: language), "\(language)offline/files.json names every page")
            try #require(pages.count >= 20)
            // 20 pages spread over the list (every kind), chosen the same way every run.
            for index in stride(from: 7, to: pages.count, by: pages.count / 20).prefix(20) {
                try await open(browser, root.appendingPathComponent(pages[index]))
                #expect(try await browser.text("document.querySelector('[data-offline-missing]') === null") == "true", "\(pages[index])")
                // Every picture asked for now, those waiting to come into view too (`pocket.js`'s stand-in goes).
                try await browser.run("""
                    document.querySelectorAll('picture > source').forEach(function (source) { source.remove(); });
                    document.querySelectorAll('img').forEach(function (image) { image.loading = 'eager'; })
                    """)
                try await browser.wait(until: "Array.prototype.every.call(document.images, function (image) { return image.complete; })", seconds: 20)
                #expect(try await browser.text("""
                    String(Array.prototype.filter.call(document.images, function (image) {
                      return image.naturalWidth === 0 || image.currentSrc.endsWith('later.svg');
                    }).length)
                    """) == "0", "every picture of \(pages[index]) opens offline")
            }
        }

        // A rebuild that renames a character: the next visit online shows the new name, not the stored page.
        try await rebuild()
        try await site.start()
        try await browser.setOffline(false)
        try await open(browser, root.appendingPathComponent("characters/\(Self.renamed)/"))
        #expect(try await browser.text("document.querySelector('h1').textContent") == "Morty the Renamed")
        try await open(browser, root.appendingPathComponent("fr/characters/\(Self.renamed)/"))
        #expect(try await browser.text("document.querySelector('h1').textContent") == "Morty the Renamed")
        // The new worker drops the replaced copy and saves the new one: offline, the new name too. Its `activate`
        // drops what the rebuild replaced (the copy the old worker kept a moment ago as well), so the cache is
        // read once the rebuilt worker is the active one: sw.js changed, so `update()` installs it.
        try await browser.run("""
            window.__rebuiltWorker = false;
            navigator.serviceWorker.getRegistration().then(function (registration) {
              return registration.update().then(function () {
                return new Promise(function (resolve) {
                  (function settled() {
                    if (!registration.installing && !registration.waiting && registration.active
                        && registration.active.state === 'activated') { resolve(); } else { setTimeout(settled, 20); }
                  })();
                });
              });
            }).then(function () { window.__rebuiltWorker = true; }, function (error) { window.__rebuiltError = String(error); });
            """)
        try await browser.wait(until: "window.__rebuiltWorker === true || window.__rebuiltError !== undefined", seconds: 60)
        #expect(try await browser.text("String(window.__rebuiltError || '')") == "", "the rebuilt worker's update")
        try await open(browser, root.appendingPathComponent("characters/\(Self.renamed)/"))
        let page = BrowserSession.literal(root.appendingPathComponent("characters/\(Self.renamed)/").absoluteString)
        try await browser.wait(
            until: "window.__renamed || (caches.match(\(page)).then(function (r) { return r && r.text(); }).then(function (t) { window.__renamed = Boolean(t && t.indexOf('Morty the Renamed') !== -1); }), false)",
            seconds: 60)
        await site.stop()
        try await open(browser, root.appendingPathComponent("characters/\(Self.renamed)/"))
        #expect(try await browser.text("document.querySelector('h1').textContent") == "Morty the Renamed")
        try await site.start()
    }

    /// The header's search control inside the viewport at 320 and 390 px on every kind of page, and the home
    /// page's search field: a test of its own over the shared full site (the same templates as the slice's), in a
    /// browser context of its own, beside the pocket walk rather than in it, whose longest step it was (48 loads).
    @Test func theSearchControlIsInViewOnEveryKindOfPage() async throws {
        let output = try await FullSite.built().output
        try await BrowserSite.with(serving: output, failureShot: Self.artifacts.appendingPathComponent("failure-search-control.png")) { browser, root in
            try await browser.emulate(width: 390, height: 844, mobile: true)
            try await searchControls(browser, root, output: output)
        }
    }

    private func searchControls(_ browser: BrowserSession, _ root: URL, output: URL) async throws {
        func first(_ folder: String, where keep: (String) -> Bool = { _ in true }) throws -> String {
            let names = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(folder).path).sorted()
            let name = try #require(names.first { $0 != "page" && !$0.contains(".") && keep($0) })
            return folder + "/" + name + "/"
        }
        let kinds = [
            "", "characters/", "characters/a-z/", "characters/1/", "locations/", "locations/3/", "episodes/", "episodes/1/",
            "search/", "statistics/", "whats-new/", try first("whats-new"), "dimensions/", try first("dimensions"),
            "species/", try first("species"), "types/", try first("types"), "statuses/", try first("statuses"),
            "seasons/", "seasons/1/", "offline/", "404.html",
        ]
        for language in Self.languages {
            for kind in kinds {
                try await open(browser, root.appendingPathComponent(language + kind))
                try await browser.atPhoneWidths { width in
                    let box = try await browser.text(
                        "(function (r) { return [r.left, r.top, r.right, r.bottom, innerWidth, innerHeight].join(' '); })(document.querySelector('.header-search').getBoundingClientRect())")
                    let values = box.split(separator: " ").compactMap { Double($0) }
                    try #require(values.count == 6, "\(language + kind): \(box)")
                    #expect(values[0] >= 0 && values[1] >= 0 && values[2] <= values[4] && values[3] <= values[5] && values[2] > values[0],
                            "the search control at \(width) px on \(language + kind): \(box)")
                }
            }
        }
        try await open(browser, root)
        try await browser.atPhoneWidths { width in
            #expect(try await browser.text("(function (r) { return r.right <= innerWidth && r.bottom <= innerHeight && r.width > 100; })(document.getElementById('home-search-query').getBoundingClientRect())") == "true",
                    "the home page's search field at \(width) px")
            if width == 320 { try await shoot(browser, "search-control-320") }
        }
        try await browser.emulate(width: 390, height: 844, mobile: true, dark: true)
        try await open(browser, root.appendingPathComponent("characters/"))
        try await shoot(browser, "search-control-dark")
        try await browser.emulate(width: 390, height: 844, mobile: true)
    }

    /// Typing a query, then one tap on the first result opens it: the field losing focus must not redraw the
    /// results under the finger.
    private func firstTap(_ browser: BrowserSession, _ root: URL) async throws {
        for language in Self.languages {
            try await open(browser, root.appendingPathComponent(language + "search/"))
            try await browser.type("morty", into: "#search-query")
            try await browser.wait(until: "document.querySelectorAll('#search-characters [data-list] a').length > 0", seconds: 30)
            try await browser.run("document.querySelector('#search-characters [data-list] a').scrollIntoView({ block: 'center' })")
            let target = try await browser.text("document.querySelector('#search-characters [data-list] a').href")
            let point = try await browser.text(
                "(function (r) { return (r.left + r.width / 2) + ' ' + (r.top + r.height / 2); })(document.querySelector('#search-characters [data-list] a').getBoundingClientRect())")
                .split(separator: " ").compactMap { Double($0) }
            try #require(point.count == 2)
            #expect(try await browser.text("document.activeElement.id") == "search-query", "the field has the focus, as after typing")
            try await browser.tap(x: point[0], y: point[1])
            try await browser.wait(until: "location.href === \(BrowserSession.literal(target)) && document.readyState === 'complete'")
        }
    }

    private func backToTop(_ browser: BrowserSession, _ root: URL) async throws {
        // The button shows past three screens: the first of these pages long enough for it (pages fit in 8 screens
        // of 800 px since lists page; which is longest moves with the data).
        var long: String?
        for page in ["statistics/", "whats-new/", "characters/1/", "locations/20/", "episodes/28/"] {
            try await open(browser, root.appendingPathComponent(page))
            if try await browser.number("document.documentElement.scrollHeight - 4 * innerHeight") > 100 { long = page; break }
        }
        try #require(long != nil, "a page over four screens tall at 390 px")
        #expect(try await browser.text("document.querySelector('.back-to-top').hidden") == "true", "not at the top")
        try await browser.run("window.scrollTo(0, document.documentElement.scrollHeight)")
        try await browser.wait(until: "!document.querySelector('.back-to-top').hidden")
        #expect(try await browser.text("(function (r) { return r.top >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; })(document.querySelector('[data-back-to-top]').getBoundingClientRect())") == "true")
        #expect(try await browser.text("document.querySelector('[data-back-to-top]').getAttribute('aria-label') || document.querySelector('[data-back-to-top]').textContent.trim()") != "")
        try await shoot(browser, "back-to-top")
        try await browser.emulate(width: 390, height: 844, mobile: true, dark: true)
        try await shoot(browser, "back-to-top-dark")
        try await browser.emulate(width: 390, height: 844, mobile: true)
        try await browser.run("document.querySelector('[data-back-to-top]').focus(); document.querySelector('[data-back-to-top]').click()")
        try await browser.wait(until: "window.scrollY === 0 && document.activeElement.id === 'main'")
    }

    /// With JavaScript any character; `random/` (where the link goes without it) sends a reader with it on too.
    /// Returns the paths it landed on: pages read, so stored by the worker (one was once the page the offline walk
    /// then opened as unvisited, 1 chance in 25 a run).
    private func randomCharacter(_ browser: BrowserSession, _ root: URL) async throws -> Set<String> {
        var landed: Set<String> = []
        for language in Self.languages {
            for path in ["", "characters/"] {
                try await open(browser, root.appendingPathComponent(language + path))
                let before = try await browser.text("location.href")
                #expect(try await browser.text("document.querySelector('[data-random-character]').pathname")
                        == root.appendingPathComponent(language + "random/").path + "/")
                try await browser.run("document.querySelector('[data-random-character]').click()")
                try await browser.wait(
                    until: "location.href !== \(BrowserSession.literal(before)) && /\\/characters\\/\\d+\\/$/.test(location.pathname) && document.readyState === 'complete'")
                landed.insert(try await browser.text("location.pathname"))
            }
        }
        return landed
    }

    /// The folders of every page the build wrote in `language` (`characters/1/` for `characters/1/index.html`),
    /// relative to the site root; English is the root less the other languages' folders.
    static func pageFolders(_ output: URL, language: String) -> Set<String> {
        let files = FileManager.default.enumerator(atPath: output.appendingPathComponent(language).path)
        let others = languages.filter { $0 != language && !$0.isEmpty }
        var folders: Set<String> = []
        while let path = files?.nextObject() as? String {
            guard path == "index.html" || path.hasSuffix("/index.html"), !others.contains(where: path.hasPrefix) else { continue }
            folders.insert(language + path.dropLast("index.html".count))
        }
        return folders
    }

    /// `navigator.storage.estimate().usage`: what the origin holds (the worker's caches, with the browser's own
    /// overhead per entry).
    private func storedBytes(_ browser: BrowserSession) async throws -> Int {
        // `run` waits for the promise; `text` reads what it left.
        try await browser.run("navigator.storage.estimate().then(function (e) { window.__usage = e.usage; })")
        return Int(try await browser.text("window.__usage")) ?? -1
    }

    private func open(_ browser: BrowserSession, _ url: URL) async throws {
        try await browser.open(url, seconds: 45)
    }

    private func shoot(_ browser: BrowserSession, _ name: String) async throws {
        try await browser.keepScreenshot(to: Self.artifacts.appendingPathComponent(name + ".png"))
    }
}

/// The built site on a static server that can be stopped (no network) and started again on the same port, so
/// the page keeps its origin and its service worker.
private actor SiteServer {
    let output: URL
    private var server: HTTPServer?
    private var port = 0

    init(output: URL) async throws {
        self.output = output
        try await start()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/") ?? URL(fileURLWithPath: "/") }

    func start() async throws {
        guard server == nil else { return }
        let server = HTTPServer(configuration: .init(port: port), handler: StaticFileHandler(root: output))
        port = try await server.start()
        self.server = server
    }

    func stop() async {
        await server?.stop()
        server = nil
    }
}
