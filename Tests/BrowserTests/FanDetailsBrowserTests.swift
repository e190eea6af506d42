import Foundation
@testable import HTTPServer
import LoopbackAPI
@testable import RickAndMortyAPI
import TestSupport
import Testing

/// What a fan notices on a phone, measured in headless Chromium at 320 and 390 px over every page kind of the
/// real wiki and of the hostile-names fixture: statistics charts fit their box in readable text, every link
/// and button is a target of at least 24 × 24 px and none overlaps another, a character page's key facts are
/// on the first screen, nothing is wider than the screen (a name of one 300-letter word included), and
/// axe-core finds nothing serious or critical, light and dark. Its walks over both sites check each page for all of
/// these and for `PageBudgetTests`' budget (one load a page, two for the statistics pages, where three suites' walks
/// made three: a load is much of what a small page costs the browser). Screenshots (`RMWIKI_SCREENSHOTS=1`) go to `.test-artifacts/details/`.
@Suite(.ownThread, .tags(.browser, .fullData, .process), .skippable(.browser, .fullData, .process),
       .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)),
       .enabled(if: BrowserSession.chromiumPath != nil && SharedFixtures.hasAPIData,
                "needs chromium on the PATH and ../shared/rickandmorty-api: the fan details browser test is skipped"))
struct FanDetailsBrowserTests {
    static let artifacts = SharedFixtures.packageRoot.appendingPathComponent(".test-artifacts/details")

    /// One page of every kind, both languages where wording changes the layout. `PhoneLayoutTests` leaves their
    /// check for sideways scroll at 320 and 390 px to `theRealWikiPageByPage`.
    static let pageKinds = [
        "", "characters/", "characters/a-z/", "characters/most-episodes/", "characters/1/", "characters/47/",
        "characters/30/", "characters/361/", "locations/", "locations/3/", "episodes/", "episodes/28/", "search/", "statistics/",
        "whats-new/", "404.html", "dimensions/", "dimensions/dimension-c-137/", "dimensions/replacement-dimension/page/2/",
        "species/", "species/human/", "types/", "types/soulless-puppet/", "seasons/", "seasons/3/",
        "fr/characters/1/", "fr/statistics/", "fr/types/", "fr/dimensions/dimension-c-137/", "statuses/", "fr/statuses/dead/",
    ]

    // MARK: - The real wiki

    /// Each page of the real wiki, for everything checked on it: the page budget on
    /// `PageBudgetTests.pages`, then the layout at 320 and 390 px and axe-core on `pageKinds`.
    @Test(arguments: PageParts.all)
    func theRealWikiPageByPage(part: Int) async throws {
        let budgeted = Set(PageBudgetTests.pages), kinds = Set(Self.pageKinds)
        let pages = PageBudgetTests.pages + Self.pageKinds.filter { !budgeted.contains($0) }
        try await withRealSite { browser, site in
            for page in pages.part(part) {
                try await check(browser, site, page, budget: budgeted.contains(page), layout: kinds.contains(page), axe: kinds.contains(page))
            }
        }
    }

    @Test func theRealWikiFirstScreensAndScreenshots() async throws {
        try await withRealSite { browser, site in
            // The first screen of a character page at 390 × 844: the key facts, and no blank one.
            try await browser.emulate(width: 390, height: 844, mobile: true)
            // Rick, Birdperson, Mr. Meeseeks (several episodes, a type); Baby Poopybutthole and Toxic Rick (one
            // episode: its first is its last, said once).
            for (id, keys) in [(1, 6), (47, 6), (242, 6), (30, 5), (361, 5)] {
                try await open(browser, site.appendingPathComponent("characters/\(id)/"))
                let below = try await browser.texts("""
                    ['status', 'species', 'origin', 'location', 'first-seen', 'last-seen'].slice(0, \(keys))
                      .filter(key => { const row = document.querySelector('.info-' + key);
                        return !row || row.getBoundingClientRect().bottom > innerHeight; })
                    """)
                #expect(below.isEmpty, "characters/\(id): \(below) missing or below the first screen at 390 × 844")
                #expect(try await browser.text("Array.from(document.querySelectorAll('.info-list dd')).some(d => d.textContent.trim() === '—')") == "false",
                        "characters/\(id): a blank fact is shown as —")
            }

            guard BrowserSession.keepsScreenshots else { return }
            for (page, name) in [("characters/1/", "character"), ("characters/30/", "character-one-episode"),
                                  ("dimensions/dimension-c-137/", "dimension"), ("statistics/", "statistics"), ("types/", "types")] {
                // One load for both schemes (the scheme only swaps the stylesheet's colours), from the top each time.
                try await browser.emulate(width: 390, height: 844, mobile: true)
                try await open(browser, site.appendingPathComponent(page))
                for dark in [false, true] {
                    try await browser.emulate(width: 390, height: 844, mobile: true, dark: dark)
                    try await browser.run("window.scrollTo(0, 0)")
                    try await browser.keepScreenshot(to: Self.artifacts.appendingPathComponent("\(name)-390-\(dark ? "dark" : "light").png"))
                    try await browser.keepScreenshot(
                        to: Self.artifacts.appendingPathComponent("\(name)-390-\(dark ? "dark" : "light")-page.png"), fullPage: true)
                    if page == "statistics/" {
                        for chart in ["species", "cast"] {
                            try await browser.run("document.getElementById('\(chart)').scrollIntoView()")
                            try await browser.keepScreenshot(to: Self.artifacts.appendingPathComponent("statistics-\(chart)-390-\(dark ? "dark" : "light").png"))
                        }
                    }
                }
            }
        }
    }

    // MARK: - Hostile names

    /// The hostile fixture, with a place and a character named by one word of 300 letters.
    static var hostileSnapshot: Snapshot {
        var snapshot = HostileWorld.snapshot
        let word = String(repeating: "Wubbalubbadubdub", count: 19).prefix(300)
        snapshot.locations[1].name = "Planet" + word
        if let index = snapshot.characters.firstIndex(where: { $0.id == 9 }) { snapshot.characters[index].name = "Morty" + word }
        return snapshot
    }

    /// Each page of the hostile-names site, for everything checked on it: the page budget on every
    /// folder's page, the layout at 320 and 390 px on all, axe-core on the English ones and one French one.
    @Test(arguments: PageParts.all)
    func hostileNamesPageByPage(part: Int) async throws {
        try await withHostileSite { browser, site, pages in
            #expect(pages.contains("locations/2/index.html"))
            for file in pages.part(part) {
                // A folder's page as fans reach it: by the folder's address.
                let folderPage = file == "index.html" || file.hasSuffix("/index.html")
                let page = folderPage ? String(file.dropLast("index.html".count)) : file
                try await check(browser, site, page, budget: folderPage, layout: true,
                                axe: !file.hasPrefix("fr/") || file == "fr/characters/1/index.html")
            }
            guard part == 0 else { return }
            try await browser.emulate(width: 390, height: 844, mobile: true)
            try await open(browser, site.appendingPathComponent("locations/2/"))
            try await browser.keepScreenshot(to: Self.artifacts.appendingPathComponent("hostile-location-390-light.png"))
        }
    }

    // MARK: - Checks

    /// Everything checked on one page. Where the page has a budget, a load at 390 × 844 and 3 device pixels a CSS pixel
    /// as on a first visit (each picture's copy is picked for that scale) for the budget
    /// (`PageBudgetTests.expectWithinBudget`, which scrolls to the end). Then, at 1 device pixel a CSS pixel and from
    /// the top, the layout at each phone width (and the charts where there are some), then axe-core at 390 px, light
    /// and dark: on the same load, the scale changed (the page is laid out again as a load at that scale lays it
    /// out), or on a load of its own at 1 device pixel with the cache on where the page has no budget or has charts.
    /// Charts, because SVG text keeps the glyph boxes of the scale it was first laid out at: after a load at 3, the
    /// boxes of the hostile statistics page's chart rows (SVG links whose box is their text's, where an RTL name takes
    /// a fallback font with a tall ascent) overlap by 1.2 to 1.4 px, over the check's 1-px allowance, and by nothing
    /// after a load at 1; a finger meets the bar and the glyphs, not that box.
    private func check(_ browser: BrowserSession, _ site: URL, _ page: String, budget: Bool, layout: Bool, axe: Bool) async throws {
        let url = try #require(URL(string: site.absoluteString + page))
        let charts = page.hasSuffix("statistics/")
        if budget {
            try await browser.setFirstVisits(true)
            try await browser.emulate(width: 390, height: 844, mobile: true, scale: 3)
            try await open(browser, url)
            try await PageBudgetTests.expectWithinBudget(browser, page: page)
        }
        guard layout else { return }
        if budget && !charts {
            try await browser.run("window.scrollTo(0, 0)")
            try await browser.twoFrames()
        } else {
            try await browser.setFirstVisits(false)
            try await browser.emulate(width: 390, height: 844, mobile: true)
            try await open(browser, url)
        }
        try await browser.atPhoneWidths { width in
            try await expectPhoneLayout(browser, "/\(page)", width: width)
            if charts { try await expectChartsFit(browser, "/\(page)", width: width) }
        }
        if axe { try await expectNoAxeFindings(browser, "/\(page)") }
    }

    /// axe-core on the open page, light then dark: the scheme only swaps the stylesheet's colours (no script reads
    /// it), so switching it on the loaded page gives what a load in that scheme would.
    private func expectNoAxeFindings(_ browser: BrowserSession, _ page: String) async throws {
        for dark in [false, true] {
            try await browser.emulate(width: 390, height: 844, mobile: true, dark: dark)
            let findings = try await browser.axeFindings(coloursOnly: dark)
            #expect(findings.isEmpty, "\(page) \(dark ? "dark" : "light"): \(findings)")
        }
    }

    /// No sideways scroll; every target at least 24 × 24 px, none overlapping another.
    private func expectPhoneLayout(_ browser: BrowserSession, _ page: String, width: Int) async throws {
        let overflow = try await browser.number("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        #expect(overflow <= 0, "\(page) is \(overflow) px wider than the \(width) px screen")
        let problems = try await browser.texts(Self.targetCheck)
        #expect(problems.isEmpty, "\(page) at \(width) px: \(problems.prefix(8)) (\(problems.count) in all)")
    }

    /// Each link and control as a finger meets it: its box, or for a link stretched over its card or row by an
    /// absolutely positioned `::after`, the box of what it covers (a control stacked above such a link, which a finger
    /// at its centre meets first, does not overlap it). Hidden ones (zero size, or the 1-px visually-hidden pattern)
    /// are left out. Problems come back as text.
    static let targetCheck = """
        (() => {
          const all = Array.from(document.querySelectorAll('a[href], button, summary, input:not([type=hidden]), select, textarea'));
          const holderOf = el => {
            const after = getComputedStyle(el, '::after');
            if (after.content === 'none' || after.position !== 'absolute') return null;
            let holder = el.parentElement;
            while (holder && getComputedStyle(holder).position === 'static') holder = holder.parentElement;
            return holder;
          };
          // A control stacked above a link stretched over its card (a favourite's star in the card's corner) is no
          // ambiguity if a finger at the control's centre meets the control, not the link.
          const stackedAbove = (link, control) => {
            const holder = link.holder;
            if (!holder || !holder.contains(control.el)) return false;
            const x = scrollX, y = scrollY;
            control.el.scrollIntoView({ block: 'center' });
            const r = control.el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            // Back where it was: what the page shows when scrolled (a "Back to top" link) is checked at the top.
            scrollTo(x, y);
            return hit !== null && control.el.contains(hit);
          };
          const name = el => el.tagName.toLowerCase() + (el.getAttribute('href') ? '[' + el.getAttribute('href').slice(0, 60) + ']' : '')
            + ' "' + (el.textContent || '').trim().slice(0, 30) + '"';
          // Shown ones only: a closed <details> keeps its contents laid out but not rendered.
          const targets = all.filter(el => el.checkVisibility({ visibilityProperty: true }))
            .map(el => { const holder = holderOf(el); return { el, holder, r: (holder || el).getBoundingClientRect() } })
            .filter(t => t.r.width > 1.5 && t.r.height > 1.5);
          const problems = [];
          for (const t of targets) {
            if (t.r.width < 23.5 || t.r.height < 23.5) problems.push(name(t.el) + ' is ' + t.r.width.toFixed(1) + ' x ' + t.r.height.toFixed(1));
          }
          for (let i = 0; i < targets.length; i++) {
            for (let j = i + 1; j < targets.length; j++) {
              const a = targets[i], b = targets[j];
              const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
              const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
              // The boxes first: the exemptions below cost a style read, or a scroll and a layout, a pair.
              if (w <= 1 || h <= 1) continue;
              if (a.el.contains(b.el) || b.el.contains(a.el) || stackedAbove(a, b) || stackedAbove(b, a)) continue;
              problems.push(name(a.el) + ' overlaps ' + name(b.el));
            }
          }
          return problems;
        })()
        """

    /// Every chart drawing shown fits its figure, which does not scroll, and its text is drawn whole, at 11 px or more.
    private func expectChartsFit(_ browser: BrowserSession, _ page: String, width: Int) async throws {
        let problems = try await browser.texts("""
            Array.from(document.querySelectorAll('figure.chart')).flatMap(figure => {
              const out = [];
              if (figure.scrollWidth > figure.clientWidth) out.push(figure.closest('section').id + ' scrolls sideways');
              const inner = figure.getBoundingClientRect();
              const shown = Array.from(figure.querySelectorAll('svg')).filter(svg => svg.getBoundingClientRect().width > 0);
              if (shown.length !== 1) out.push(figure.closest('section').id + ' shows ' + shown.length + ' drawings');
              for (const svg of shown) {
                const r = svg.getBoundingClientRect();
                if (r.left < inner.left - 0.5 || r.right > inner.right + 0.5) out.push(figure.closest('section').id + ' is cut');
                const scale = r.width / svg.viewBox.baseVal.width;
                const smallest = Math.min(...Array.from(svg.querySelectorAll('text')).map(t => Number(t.getAttribute('font-size')) * scale));
                if (smallest < 11) out.push(figure.closest('section').id + ' draws text at ' + smallest.toFixed(1) + ' px');
                const cut = Array.from(svg.querySelectorAll('text')).filter(t => t.getBoundingClientRect().right > r.right + 0.5);
                if (cut.length) out.push(figure.closest('section').id + ' cuts ' + cut.map(t => t.textContent).join(', '));
              }
              return out;
            })
            """)
        #expect(problems.isEmpty, "\(page) at \(width) px: \(problems)")
        #expect(try await browser.number("document.querySelectorAll('figure.chart').length") == 7)
    }

    // MARK: - Sites

    /// The shared full-site build, served to a browser.
    private func withRealSite(_ body: (BrowserSession, URL) async throws -> Void) async throws {
        if AxeCore.script == nil { print(AxeCore.missing) }
        try await BrowserSite.with(serving: try await FullSite.built().output, failureShot: Self.artifacts.appendingPathComponent("failure.png"), body)
    }

    /// The hostile-names site, fetched and built once for both tests that read it.
    static let hostileSite = Task { () throws -> BuildWorkspace in
        let work = try BuildWorkspace("rmwiki-details")
        let fetched = try await LoopbackSession.with(LoopbackAPIServer(snapshot: hostileSnapshot, avatars: HostileWorld.avatars)) { _, base in
            try await work.run(work.buildArguments(api: base))
        }
        guard fetched.code == 0 else { throw BrowserSession.Failure(description: "the hostile-names build failed: \(fetched.err)") }
        return work
    }

    /// Serves the hostile-names site and hands `body` a browser, the site's URL and its HTML pages.
    private func withHostileSite(_ body: (BrowserSession, URL, [String]) async throws -> Void) async throws {
        let output = try await Self.hostileSite.value.output
        // `random/` sends the reader straight on to a character page (checked like the others), so it is never
        // seen as itself.
        let pages = try SiteChecker(root: output).pages().filter { $0.hasSuffix(".html") && !$0.hasSuffix("random/index.html") }
        try await BrowserSite.with(serving: output, failureShot: Self.artifacts.appendingPathComponent("failure.png")) { browser, site in
            if AxeCore.script == nil { print(AxeCore.missing) }
            try await body(browser, site, pages)
        }
    }

    private func open(_ browser: BrowserSession, _ url: URL) async throws {
        try await browser.open(url, seconds: 45)
    }
}
