import Foundation
@testable import HTTPServer
import TestSupport
import Testing
@testable import RMWikiCLI

/// A broken French link reads French whatever the host does with missing paths: through a server that answers
/// every one with the site's single `/404.html` (GitHub Pages, many nginx setups) the page's script shows the
/// French 404 page, and without the script its French line links to the French home; through a server that
/// answers `/fr/…` with `fr/404.html`, the French page stays as it is. Both servers are a few lines here, on
/// 127.0.0.1, over the demo site.
@Suite(.ownThread, .tags(.browser), .skippable(.browser), .enabled(if: BrowserSession.chromiumPath != nil,
                "no chromium binary on the PATH (apt-get install -y chromium): the 404 language test is skipped"))
struct NotFoundLanguageTests {
    static let artifacts = SharedFixtures.packageRoot.appendingPathComponent(".test-artifacts")

    /// Serves the site's files; every missing path gets the page `notFoundPage(path)` names, with status 404.
    static func server(_ site: URL, notFoundPage: @escaping @Sendable (String) -> String) -> HTTPServer {
        let files = StaticFileHandler(root: site)
        return HTTPServer(handler: ClosureHandler { request in
            let response = await files.handle(request)
            guard response.status == 404 else { return response }
            let page = (try? Data(contentsOf: site.appendingPathComponent(notFoundPage(request.path)))) ?? Data()
            return HTTPResponse(status: 404, contentType: "text/html; charset=utf-8", bytes: Array(page))
        })
    }

    @Test func aBrokenFrenchLinkReadsFrenchOnEveryKindOfHost() async throws {
        let work = try SharedFixtures.temporaryDirectory("rmwiki-404")
        defer { try? FileManager.default.removeItem(at: work) }
        let site = work.appendingPathComponent("site")
        let built = await ConsoleRecorder.run([
            "build", "--demo", "--quiet", "--output", site.path,
            "--templates", ProjectTheme.templates.path, "--public", ProjectTheme.publicFolder.path,
        ])
        try #require(built.code == 0, "\(built.err)")
        let single = Self.server(site) { _ in "404.html" }
        let perLanguage = Self.server(site) { $0.hasPrefix("/fr/") ? "fr/404.html" : "404.html" }
        let singlePort = try await single.start()
        let perLanguagePort = try await perLanguage.start()
        let browser: BrowserSession
        do {
            browser = try await BrowserSession.launch()
        } catch {
            await single.stop()
            await perLanguage.stop()
            throw error
        }
        do {
            try await scenario(browser, single: singlePort, perLanguage: perLanguagePort)
        } catch {
            try? await browser.screenshot(to: Self.artifacts.appendingPathComponent("404-failure.png"))
            await browser.close()
            await single.stop()
            await perLanguage.stop()
            throw error
        }
        await browser.close()
        await single.stop()
        await perLanguage.stop()
    }

    private func scenario(_ browser: BrowserSession, single: Int, perLanguage: Int) async throws {
        let french = "document.documentElement.lang === 'fr' && document.querySelector('h1').textContent === 'Page introuvable'"
        try await browser.emulate(width: 390, height: 844, mobile: true)

        // One 404.html for every path: the French page replaces the English one it serves under /fr/.
        let singleHost = try #require(URL(string: "http://127.0.0.1:\(single)/"))
        try await browser.open(singleHost.appendingPathComponent("fr/characters/9999/"))
        try await browser.wait(until: french)
        #expect(try await browser.text("document.title") == "Page introuvable · Wiki Rick et Morty")
        #expect(try await browser.text("document.querySelector('.site-nav a').getAttribute('href')") == "/fr/characters/")
        #expect(try await browser.text("location.pathname") == "/fr/characters/9999/", "the address stays the one asked for")
        try await browser.keepScreenshot(to: Self.artifacts.appendingPathComponent("404-fr-single-host.png"))
        // The same host, an English path: the English page, its French line offering the French home.
        try await browser.open(singleHost.appendingPathComponent("characters/9999/"))
        #expect(try await browser.text("document.documentElement.lang") == "en")
        #expect(try await browser.text("document.querySelector('h1').textContent") == "Page not found")
        #expect(try await browser.text("document.querySelector('p[lang=fr] a').getAttribute('href')") == "/fr/")

        // A host that serves fr/404.html under /fr/: the page is French already and stays so.
        let perLanguageHost = try #require(URL(string: "http://127.0.0.1:\(perLanguage)/"))
        try await browser.open(perLanguageHost.appendingPathComponent("fr/locations/9999/"))
        try await browser.wait(until: french)
        #expect(try await browser.text("document.querySelectorAll('[data-notfound-base]').length") == "0")

        // Without the script (blocked, as with JavaScript off), the single 404.html still offers French.
        try await browser.block(["*not-found.js"])
        try await browser.open(singleHost.appendingPathComponent("fr/episodes/9999/"))
        #expect(try await browser.text("document.documentElement.lang") == "en")
        let line = "document.querySelector('p[lang=fr]')"
        #expect(try await browser.text("\(line).textContent") == "Page introuvable. Retour à l’accueil")
        #expect(try await browser.text("\(line).getBoundingClientRect().height > 0") == "true", "the French line is shown")
        #expect(try await browser.text("\(line).querySelector('a').getAttribute('href')") == "/fr/")
    }
}
