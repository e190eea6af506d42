import Foundation
@testable import HTTPServer
import TestSupport
import Testing

/// Every page fits a phone: at 390 × 844 (3 device pixels a CSS pixel) no page of any kind, in English or
/// French, of the real wiki or of the hostile-names fixture, is longer than 8 screens of 800 px before its
/// pager, nor costs more than 1 MB once the fan has scrolled to its end (pictures included, text as the
/// server sent it, read from the browser's resource timing as `PictureBytesTests` does). The pages are walked by
/// `FanDetailsBrowserTests`, which runs `expectWithinBudget` on each beside its own checks.
@Suite(.ownThread, .tags(.browser, .fullData, .process), .skippable(.browser, .fullData, .process),
       .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)),
       .enabled(if: BrowserSession.chromiumPath != nil && SharedFixtures.hasAPIData,
                "needs chromium on the PATH and ../shared/rickandmorty-api: the page budget test is skipped"))
struct PageBudgetTests {
    static let maximumHeight = 8 * 800.0
    static let maximumBytes = 1_000_000

    /// Every page kind of the real wiki, in both languages, the search page with a query that finds many (its groups
    /// show 20 rows before their "more" buttons, its pager); the pages the issue measured print their figures. Of
    /// the hostile-names site, every folder's page (`index.html`) but `random/`'s.
    static let pages: [String] = {
        let english = FanDetailsBrowserTests.pageKinds.filter { !$0.hasPrefix("fr/") }
            + ["locations/1/", "locations/20/", "locations/20/page/7/", "characters/2/", "episodes/1/", "search/?q=rick"]
        return english + english.map { "fr/" + $0 }
    }()
    static let reported: Set = ["locations/3/", "locations/1/", "characters/1/", "characters/", "whats-new/", "search/?q=rick"]

    /// The budget on the page just opened at 390 × 844, 3 device pixels a CSS pixel, loaded as on a first visit
    /// (`setFirstVisits(true)`): `FanDetailsBrowserTests`' walks over the real wiki and the hostile-names site
    /// run it beside their own checks of each page. Leaves the page scrolled to its end.
    static func expectWithinBudget(_ browser: BrowserSession, page: String) async throws {
        if page.contains("?q=") {
            try await browser.wait(until: "document.querySelectorAll('#search-results li').length >= 20", seconds: 45)
        }
        // However long the name, a character's picture is on the first screen.
        let picture = try await browser.number("""
            (i => i ? i.getBoundingClientRect().bottom : 0)(document.querySelector('.character-picture img'))
            """)
        #expect(picture <= 844, "/\(page): the picture ends \(Int(picture)) px down, below the first screen")
        // Up to the bottom pager where there is one (what comes after it is the next page's business).
        let height = try await browser.number("""
            (p => p ? p.getBoundingClientRect().top + scrollY : document.documentElement.scrollHeight)\
            (Array.from(document.querySelectorAll('nav.pager')).pop())
            """)
        try await scrollToTheEnd(browser)
        let bytes = try await PictureBytesTests.transferredTotal(browser)
        if reported.contains(page) {
            print("page budget at 390 px, DPR 3: /\(page) is \(Int(height)) px before its pager "
                + "(\(String(format: "%.1f", height / 800)) screens), \(bytes) bytes scrolled to its end")
        }
        #expect(height <= maximumHeight, "/\(page) is \(Int(height)) px tall before its pager at 390 px")
        #expect(bytes <= maximumBytes, "/\(page) costs \(bytes) bytes scrolled to its end at DPR 3")
    }

    @Test func aCharactersSeasonsUnfoldWithAndWithoutJavaScript() async throws {
        let output = try await FullSite.built().output
        let failureShot = SharedFixtures.packageRoot.appendingPathComponent(".test-artifacts/budget/failure.png")
        try await BrowserSite.with(serving: output, failureShot: failureShot) { browser, site in
            try await browser.emulate(width: 390, height: 844, mobile: true)
            // A closed `<details>` keeps its content laid out but hidden (content-visibility), so what counts is
            // whether it is visible, not its box.
            func shown(_ season: Int) async throws -> Bool {
                try await browser.text("String(document.querySelector('#season-\(season) .episode-list').checkVisibility())") == "true"
            }
            for scripts in [true, false] {
                try await browser.setScripts(enabled: scripts)
                try await browser.open(try #require(URL(string: site.absoluteString + "characters/1/")), seconds: 45)
                #expect(try await shown(1), "the first season is open")
                #expect(try await !shown(2), "the second is folded")
                try await browser.run("document.querySelector('#season-2 summary').click()")
                #expect(try await browser.text("String(document.querySelector('#season-2').open)") == "true")
                #expect(try await shown(2), "a tap on its heading opens it, scripts \(scripts ? "on" : "off")")
            }
            try await browser.setScripts(enabled: true)
        }
    }

    /// A screen at a time, as a fan scrolls: at each, two frames (so every picture that comes into view is asked
    /// for), then until the pictures in view have arrived; at the end, until every picture asked for has.
    private static func scrollToTheEnd(_ browser: BrowserSession) async throws {
        try await browser.run("window.scrollTo(0, 0)")
        var screens = 0
        while true {
            try await browser.twoFrames()
            try await browser.wait(until: """
                Array.from(document.images).filter(i => {
                  const box = i.getBoundingClientRect()
                  return box.bottom > 0 && box.top < innerHeight && box.width > 0 && i.checkVisibility()
                }).every(i => i.complete && !i.currentSrc.endsWith('later.svg'))
                """, seconds: 45)
            screens += 1
            let end = try await browser.text("String(scrollY + innerHeight >= document.documentElement.scrollHeight - 1)")
            if end == "true" || screens > 60 { break }
            try await browser.run("window.scrollBy(0, innerHeight)")
        }
        try await browser.wait(until: """
            Array.from(document.images).every(i => !i.currentSrc || i.currentSrc.endsWith('later.svg') || i.complete)
            """, seconds: 45)
    }
}
