import Foundation
@testable import HTTPServer
import TestSupport
import Testing
@testable import RMWikiCLI
@testable import WikiBuild

/// What fans wrote, as a phone shows it in headless Chromium: the demo's content plus an article written to be
/// hard to lay out (a long title, a long URL, a long link in a sentence, a table, a code line, a subsection in
/// the table of contents), checked by axe-core light and dark. Screenshots (`RMWIKI_SCREENSHOTS=1`) go to `.test-artifacts/content/`.
@Suite(.ownThread, .tags(.browser), .skippable(.browser), .enabled(if: BrowserSession.chromiumPath != nil, "needs chromium on the PATH: the content layout test is skipped"))
struct ContentBrowserTests {
    static let artifacts = SharedFixtures.packageRoot.appendingPathComponent(".test-artifacts/content")

    static let stress = """
        ---
        title: A rather long article title that wraps on a phone, about Interdimensional Cable
        ---
        A long address https://example.org/a/very/long/path/that/does/not/break/easily/anywhere/at/all/really and
        [[Rick Sanchez|a link whose words are many and wrap across the end of a line on a phone]], then more text.

        ## Trivia

        ### A subsection with a long heading that needs to wrap on a phone screen nicely

        | Episode | Character | Notes that are rather long |
        |---|---|---|
        | S01E01 | Rick Sanchez | The first episode of the series, where everything starts |

        ```
        let portal = PortalGun(fluid: .green, destination: "Dimension C-137", safety: false, overrideEverything: true)
        ```

        ## Trivia

        > A quote from someone.

        ## Main
        """

    @Test func contentPagesFitAPhone() async throws {
        let work = try SharedFixtures.temporaryDirectory("rmwiki-content-browser")
        defer { try? FileManager.default.removeItem(at: work) }
        let content = work.appendingPathComponent("content")
        for (path, text) in DemoContent.texts + [("articles/stress.md", Self.stress)] {
            let file = content.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        let output = work.appendingPathComponent("site")
        let built = await ConsoleRecorder.run([
            "build", "--demo", "--quiet", "--content", content.path, "--output", output.path,
            "--templates", ProjectTheme.templates.path, "--public", ProjectTheme.publicFolder.path,
        ])
        try #require(built.code == 0, "\(built.err)")
        try await BrowserSite.with(serving: output, failureShot: Self.artifacts.appendingPathComponent("failure.png")) { browser, site in
            try await check(browser, site)
        }
    }

    private func check(_ browser: BrowserSession, _ site: URL) async throws {
        let pages = ["articles/", "articles/stress/", "fr/articles/stress/", "articles/portal-travel/",
                     "fr/articles/portal-travel/", "characters/1/", "characters/6/", "episodes/52/", "fr/episodes/52/", ""]
        for width in [390, 320] {
            try await browser.emulate(width: width, height: 844, mobile: true)
            for page in pages {
                try await browser.open(site.appendingPathComponent(page), seconds: 45)
                let overflow = try await browser.number("document.documentElement.scrollWidth - document.documentElement.clientWidth")
                #expect(overflow <= 0, "/\(page) is \(overflow) px wider than the \(width) px screen")
            }
            try await browser.open(site.appendingPathComponent("articles/stress/"), seconds: 45)
            // A link in a sentence wraps with it, rather than leaving a line to start on one of its own.
            let lines = try await browser.number("""
                Array.from(document.querySelectorAll('.prose a')).find(a => a.textContent.startsWith('a link whose'))
                  .getClientRects().length
                """)
            #expect(lines >= 2, "the long link is \(lines) box(es) at \(width) px")
            // The sections are numbered 1, 2, 3; the subsection is indented among them, not numbered.
            let numbered = try await browser.number("""
                Array.from(document.querySelectorAll('.article-contents li'))
                  .filter(li => getComputedStyle(li).display === 'list-item').length
                """)
            #expect(numbered == 3, "\(numbered) numbered entries")
            // A table scrolls sideways rather than breaking "Episode" into letters.
            let broken = try await browser.number("""
                Array.from(document.querySelectorAll('.prose th')).filter(th => {
                  const range = document.createRange(); range.selectNodeContents(th);
                  return th.textContent.indexOf(' ') < 0 && range.getClientRects().length > 1; }).length
                """)
            #expect(broken == 0, "\(broken) one-word headers broken across lines at \(width) px")
            try await browser.keepScreenshot(to: Self.artifacts.appendingPathComponent("stress-\(width).png"), fullPage: true)
        }
        // What fans wrote is read by everyone: axe-core finds nothing serious or critical on it, light and dark.
        guard AxeCore.script != nil else {
            print(AxeCore.missing)
            return
        }
        for dark in [false, true] {
            try await browser.emulate(width: 390, height: 844, mobile: true, dark: dark)
            for page in pages {
                try await browser.open(site.appendingPathComponent(page), seconds: 45)
                let findings = try await browser.axeFindings(coloursOnly: dark)
                #expect(findings.isEmpty, "/\(page)\(dark ? " (dark)" : ""): \(findings)")
            }
        }
    }
}
