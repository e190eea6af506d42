import Foundation
import Pictures
@testable import RickAndMortyAPI
@testable import SiteOutput
import TestSupport
import Testing
@testable import WikiBuild
@testable import WikiModel

/// A content folder written into a temporary folder, file by file.
struct ContentFixture {
    let folder: URL

    init(_ files: [String: String]) throws {
        folder = try SharedFixtures.temporaryDirectory("rmwiki-content").appendingPathComponent("content")
        for (path, text) in files { try write(path, text) }
    }

    func write(_ path: String, _ text: String) throws {
        try write(path, bytes: Array(text.utf8))
    }

    func write(_ path: String, bytes: [UInt8]) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// A PNG's signature and a little more: what `images/` checks a `.png` by.
    static let pngBytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("not decoded".utf8)

    func build(into output: URL? = nil) async throws -> (output: URL, summary: PublishSummary) {
        try await SiteFixture.build(DemoDataset.snapshot, avatars: DemoDataset.avatars(),
                                   content: .folder(ContentFolder(directory: folder, displayPath: "content")), into: output)
    }

    /// The build's first mistake; the build must fail with content mistakes.
    func failure(into output: URL? = nil) async throws -> ContentError {
        try await failures(into: output).first ?? ContentError(file: "", line: 0, column: 0, message: "")
    }

    /// Every mistake the build lists, in its order.
    func failures(into output: URL? = nil) async throws -> [ContentError] {
        do {
            _ = try await build(into: output)
        } catch let error as ContentErrors {
            return error.errors
        }
        Issue.record("the build succeeded")
        return []
    }
}

func page(_ output: URL, _ path: String) throws -> String {
    try String(decoding: Data(contentsOf: output.appendingPathComponent(path)), as: UTF8.self)
}

/// The hrefs of the prose on a page (inside `<div class="prose"…>`).
func proseLinks(_ html: String) -> [String] {
    guard let start = html.range(of: "<div class=\"prose\"") else { return [] }
    let prose = html[start.upperBound...].prefix { _ in true }
    let end = prose.range(of: "</div>").map { prose[..<$0.lowerBound] } ?? prose
    return end.components(separatedBy: "href=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
}

@Suite struct ContentTests {
    static let links = """
        ---
        title: Every link
        summary: Links of every form.
        date: 2026-11-20
        ---
        [[Rick Sanchez]] [[Rick Sanchez|Grandpa]] [[S01E03]] [[Citadel of Ricks]] [[character:6]] [[article:other]]
        [[location:3|the park]] [[episode:2]]

        `[[not a link]]`
        """

    /// The lines are found in the bytes and the body is cut from the text when it has no "\r": both must be what
    /// splitting by `Character` and joining with "\n" make, whatever ends the lines (a combining mark after a line
    /// break is a character of the next line).
    @Test(arguments: [
        "---\ntitle: T\n---\nBody [[a]]\n\nmore\n", "---\ntitle: T\n---", "---\ntitle: T\n---\n",
        "\u{FEFF}---\r\ntitle: T\r\n---\r\nA\r\nB\rC\n\r\n", "no front matter\nat all\r\nhere", "\n\u{301}é\r\n\u{301}x",
        "---\ntitle: T\nopen forever\nno close\n", "",
    ])
    func theBodyIsTheTextsLinesJoinedWithLineFeeds(text: String) {
        let content = Substring(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        let byCharacter = content.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        #expect(ContentDocument.lines(of: content) == byCharacter)
        let document = ContentDocument(file: "a.md", text: text)
        let closing = byCharacter.indices.dropFirst().first { byCharacter[$0] == "---" }
        let expected = byCharacter.first == "---" ? closing.map { byCharacter[($0 + 1)...] } : byCharacter[...]
        #expect(document.body == (expected ?? byCharacter[...]).joined(separator: "\n"))
    }

    @Test func everyWikiLinkFormResolvesInBothLanguages() async throws {
        let content = try ContentFixture([
            "articles/links.md": Self.links,
            "articles/other.md": "---\ntitle: Other\n---\nNothing.",
            "articles/other.fr.md": "---\ntitle: Autre\n---\nRien.",
        ])
        let (output, _) = try await content.build()
        let expected = ["/characters/1/", "/characters/1/", "/episodes/3/", "/locations/4/", "/characters/6/",
                        "/articles/other/", "/locations/3/", "/episodes/2/"]
        let english = try page(output, "articles/links/index.html")
        #expect(proseLinks(english) == expected)
        #expect(english.contains(">Grandpa</a>") && english.contains(">the park</a>") && english.contains(">Other</a>"))
        #expect(english.contains("<code>[[not a link]]</code>"), "code is text")
        // No French text: the English one, marked as such, its links into the French pages.
        let french = try page(output, "fr/articles/links/index.html")
        #expect(proseLinks(french) == expected.map { "/fr" + $0 })
        #expect(french.contains("<div class=\"prose\" lang=\"en\">"))
        #expect(french.contains("<p class=\"prose-untranslated\">Ce texte n’est pas encore traduit en français.</p>"))
        #expect(!english.contains("prose-untranslated"), "a text in the page's language says nothing")
        #expect(french.contains("<h1 lang=\"en\">Every link</h1>") && english.contains("<h1>Every link</h1>"),
                "the title is the English text's too")
        #expect(french.contains(">Autre</a>"), "an article's title in the page's language")
        #expect(try page(output, "articles/index.html").contains("/articles/links/"))
        #expect(try page(output, "search/index.json").contains("\"articles/links/\",\"Every link\""))
        #expect(try page(output, "feed.xml").contains("articles/links/"))
        #expect(try page(output, "whats-new/index.html").contains("/articles/links/"))
        #expect(try page(output, "sitemap.xml").contains("/articles/links/"))
    }

    /// `[[…]]` where CommonMark reads code, raw HTML or a destination is what cmark shows there: never resolved, never
    /// counted in "Mentioned in", and a name several records share fails nothing there.
    @Test func wikiLinksInCodeHTMLAndDestinationsStayAsWritten() async throws {
        let content = try ContentFixture(["articles/code.md": """
            ---
            title: Code
            ---
            Indented:

                [[Snuffles]] [[Anatomy Park]]

            > ```
            > [[Snuffles]]
            > ```

            - item

              ~~~
              [[Anatomy Park]]
              ~~~

            A `span over
            [[Snuffles]] two lines` ends.

            <div>
            [[Anatomy Park]]
            </div>

            [x](http://e.org/[[Snuffles]]) and [y][ref] and <span title="[[Anatomy Park]]">z</span>

            [ref]: <http://e.org/[[Anatomy Park]]> "[[Snuffles]]"
            """])
        let (output, _) = try await content.build()
        let html = try page(output, "articles/code/index.html")
        for shown in [
            "<pre tabindex=\"0\"><code>[[Snuffles]] [[Anatomy Park]]\n</code></pre>",
            "<blockquote>\n<pre tabindex=\"0\"><code>[[Snuffles]]\n</code></pre>\n</blockquote>",
            "<pre tabindex=\"0\"><code>[[Anatomy Park]]\n</code></pre>",
            "<code>span over [[Snuffles]] two lines</code>",
            "title=\"[[Snuffles]]\">y</a>",
        ] {
            #expect(html.contains(shown), "\(shown)")
        }
        #expect(proseLinks(html) == ["http://e.org/%5B%5BSnuffles%5D%5D", "http://e.org/%5B%5BAnatomy%20Park%5D%5D"])
        #expect(!html.contains("&lt;/"), "no internal rewrite shows")
        #expect(!(try page(output, "characters/6/index.html")).contains("mentions-heading"), "code mentions nothing")
    }

    /// A French text linking an English-only article shows its English title: marked `lang="en"` there, and
    /// nowhere its title is the page's own language. Prose pictures carry their file's size, whatever the file's
    /// name needs escaping; one whose size cannot be read carries none.
    @Test func untranslatedLinkTitlesCarryTheirLanguageAndPicturesTheirSize() async throws {
        let picture = Picture(width: 37, height: 21, pixels: [UInt8](repeating: 90, count: 37 * 21 * 4))
        let content = try ContentFixture([
            "articles/english.md": "---\ntitle: Only English\n---\nWords.",
            "articles/both.md": "[[article:english]] ![face](images/face.png) ![wide](<images/my face&more.jpg>)",
            "articles/both.fr.md": "[[article:english]] [[article:english|ici]] [[Rick Sanchez]] ![x](images/odd.png)",
        ])
        try content.write("images/face.png", bytes: PNGEncoder.encode(picture))
        try content.write("images/my face&more.jpg", bytes: JPEGEncoder.encode(picture))
        try content.write("images/odd.png", bytes: ContentFixture.pngBytes)
        let (output, _) = try await content.build()
        let french = try page(output, "fr/articles/both/index.html")
        #expect(french.contains("<a href=\"/fr/articles/english/\" lang=\"en\">Only English</a>"), "\(french)")
        #expect(french.contains("<a href=\"/fr/articles/english/\">ici</a>"), "a label written in the text is its own")
        #expect(french.contains("<a href=\"/fr/characters/1/\">Rick Sanchez</a>"), "a record's name is the data's")
        #expect(french.contains("<img src=\"/images/content/odd.png\" alt=\"x\">"), "no size read, none given")
        let english = try page(output, "articles/both/index.html")
        #expect(english.contains("<a href=\"/articles/english/\">Only English</a>"))
        #expect(english.contains("<img src=\"/images/content/face.png\" width=\"37\" height=\"21\" alt=\"face\">"))
        #expect(english.contains("<img src=\"/images/content/my%20face&amp;more.jpg\" width=\"37\" height=\"21\" alt=\"wide\">"),
                "\(english)")
        #expect(!english.contains("\u{E000}") && !french.contains("\u{E000}"))
    }

    @Test func theDemoContentMakesACompleteSelfContainedSite() async throws {
        let (output, _) = try await SiteFixture.build(
            DemoDataset.snapshot, avatars: DemoDataset.avatars(), baseURL: "/fans/", content: .files(DemoContent.files))
        let checker = SiteChecker(root: output, basePath: "/fans/")
        let problems = try checker.problems()
        #expect(problems.isEmpty, "\(problems.prefix(10))")
        #expect(try checker.pages().filter { $0.contains("articles/") }.count == 2 * 3)
    }

    @Test func mentionedInListsEveryLinkingPage() async throws {
        let content = try ContentFixture([
            "articles/a.md": "---\ntitle: Alpha\n---\n[[Snuffles]]",
            "articles/b.md": "---\ntitle: Beta\n---\n[[character:6|him]] and [[Snuffles]]",
            "characters/1.md": "Rick knows [[Snuffles]].",
            "episodes/2.md": "[[Snuffles]] gets clever.",
            "characters/6.md": "Myself: [[Snuffles]].",
            "home.md": "Welcome, [[Snuffles]].",
        ])
        let (output, _) = try await content.build()
        let snuffles = try page(output, "characters/6/index.html")
        let start = try #require(snuffles.range(of: "mentions-heading"))
        let mentions = snuffles[start.lowerBound...]
        for link in ["href=\"/\"", "/articles/a/", "/articles/b/", "/characters/1/", "/episodes/2/"] {
            #expect(mentions.contains(link), "\(link)")
        }
        #expect(!mentions.contains("href=\"/characters/6/\""), "a page does not mention itself")
        #expect(try page(output, "fr/characters/6/index.html").contains("Cité dans"))
        #expect(!(try page(output, "characters/2/index.html")).contains("mentions-heading"), "no links, no section")
    }

    /// Local records are merged before prose and wiki links are resolved: a local episode has prose, is linked
    /// to by its code, and is mentioned like an API record.
    @Test func proseAndWikiLinksReachALocalRecord() async throws {
        let episode = #"[{"id": 52, "name": "Solaricks", "air_date": "September 4, 2022", "episode": "S06E01", "#
            + #""characters": ["https://rickandmortyapi.com/api/character/1"]}]"#
        let content = try ContentFixture([
            "data/episodes.json": episode,
            "episodes/52.md": "---\nsummary: Season 6 begins.\n---\nThe season the API never reached.",
            "articles/sixth.md": "---\ntitle: Sixth\n---\nSee [[S06E01]] and [[Solaricks|the opener]].",
        ])
        let (output, _) = try await content.build()
        let local = try page(output, "episodes/52/index.html")
        #expect(local.contains("The season the API never reached."))
        #expect(local.contains("content=\"Season 6 begins.\""), "its summary is the meta description")
        #expect(local.contains("href=\"/articles/sixth/\""), "Mentioned in")
        #expect(proseLinks(try page(output, "articles/sixth/index.html")) == ["/episodes/52/", "/episodes/52/"])

        // Without its local record, the link is to nothing and the prose for an id not in the data.
        try FileManager.default.removeItem(at: content.folder.appendingPathComponent("data/episodes.json"))
        let broken = try await content.failure()
        #expect(broken.file == "content/articles/sixth.md" && broken.message.contains("links to nothing"), "\(broken)")
        try FileManager.default.removeItem(at: content.folder.appendingPathComponent("articles/sixth.md"))
        let orphan = try await content.failure()
        #expect(orphan.file == "content/episodes/52.md" && orphan.message.contains("no record with this file's id"), "\(orphan)")
    }

    /// Prose or front matter that is not UTF-8 is refused at its first bad byte: offset, line and column.
    @Test(arguments: [
        ("articles/x.md", Array("---\ntitle: Caf".utf8) + [0xE9] + Array("\n---\nBody".utf8),
         "content/articles/x.md:2:11: is not UTF-8: byte 0xE9 at offset 14"),
        ("characters/1.md", Array("Fine é\nthen ".utf8) + [0xF0, 0x9F, 0x98] + Array(" cut".utf8),
         "content/characters/1.md:2:6: is not UTF-8: byte 0xF0 at offset 13"),
    ])
    func textThatIsNotUTF8NamesItsFirstBadByte(path: String, bytes: [UInt8], message: String) async throws {
        let content = try ContentFixture([:])
        try FileManager.default.createDirectory(at: content.folder.appendingPathComponent(path).deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: content.folder.appendingPathComponent(path))
        let error = try await content.failure()
        #expect(error.description == message)
    }

    @Test func dataHoldsOnlyTheThreeFilesOfLocalRecords() async throws {
        let content = try ContentFixture(["data/notes.txt": "to do"])
        let error = try await content.failure()
        #expect(error.file == "content/data/notes.txt", "\(error)")
        #expect(error.message.contains("characters.json, locations.json and episodes.json"), "\(error)")
    }

    @Test func proseIsItsRecordsSectionAndItsSummaryTheMetaDescription() async throws {
        let content = try ContentFixture([
            "episodes/1.md": "---\nsummary: The pilot, told by fans.\n---\nIt starts here.",
            "episodes/1.fr.md": "---\nsummary: Le pilote, raconté par les fans.\n---\nTout commence ici.",
            "home.md": "# Hello\n\nAn **introduction**.",
            "characters/2.fr.md": "Morty, en français seulement.",
        ])
        let (output, _) = try await content.build()
        let english = try page(output, "episodes/1/index.html")
        #expect(english.contains("<meta name=\"description\" content=\"The pilot, told by fans.\">"))
        #expect(english.contains("Synopsis") && english.contains("<p>It starts here.</p>"))
        let french = try page(output, "fr/episodes/1/index.html")
        #expect(french.contains("Le pilote, raconté par les fans.") && french.contains("<div class=\"prose\">"))
        let home = try page(output, "index.html")
        #expect(home.contains("An <strong>introduction</strong>."))
        // A text written only in French shows on the English page too, marked as French and as not translated.
        let morty = try page(output, "characters/2/index.html")
        #expect(morty.contains("<div class=\"prose\" lang=\"fr\">") && morty.contains("Morty, en français seulement."))
        #expect(morty.contains("This text has not been translated into English yet."))
        #expect(!(try page(output, "fr/characters/2/index.html")).contains("prose-untranslated"))
        #expect(home.components(separatedBy: "<h1").count == 2 && home.contains("<h2>Hello</h2>"), "one h1 a page")
    }

    @Test(arguments: [
        ("articles/x.md", "[[Anatomy Park]]", "content/articles/x.md:1:1: [[Anatomy Park]] is ambiguous"),
        ("articles/x.md", "Hi\n\n  see [[Nobody at all]]", "content/articles/x.md:3:7: [[Nobody at all]] links to nothing"),
        ("characters/1.md", "---\nsummary: T\n---\n[[character:999]]", "content/characters/1.md:4:1: [[character:999]] links to nothing"),
        ("articles/x.md", "---\ntitle: T\ncolour: red\n---\n", "content/articles/x.md:3:1: unknown front matter key 'colour'"),
        ("articles/x.md", "---\ntitle T\n---\n", "content/articles/x.md:2:1: front matter lines are 'key: value'"),
        ("articles/x.md", "---\ndate: 2026-02-30\n---\n", "content/articles/x.md:2:7: date '2026-02-30' is not a real day"),
        ("articles/x.md", "---\ndate: 2026-2-3\n---\n", "content/articles/x.md:2:7: date '2026-2-3' is not a day written YYYY-MM-DD"),
        ("articles/x.md", "---\ntitle: T\n", "content/articles/x.md:1:1: the front matter opened here has no closing"),
        ("articles/X Y.md", "x", "content/articles/X Y.md:1:1: an article's file name"),
        ("characters/9999.md", "x", "content/characters/9999.md:1:1: there is no record"),
        ("articles/x.de.md", "x", "content/articles/x.de.md:1:1: 'de' is not a language"),
        ("articles/x.md", "![face](https://example.org/face.png)", "content/articles/x.md:1:9: pictures in prose come from the content folder"),
        ("articles/x.md", "![face](images/missing.png)", "content/articles/x.md:1:9: the picture images/missing.png is not"),
        ("images/evil.html", "<script>alert(1)</script>", "content/images/evil.html:1:1: images/ holds pictures only"),
        ("images/icons/evil.svg", "<svg onload=\"alert(1)\"/>", "content/images/icons/evil.svg:1:1: images/ holds pictures only"),
        ("images/README", "notes", "content/images/README:1:1: images/ holds pictures only"),
        ("articles/x.md", "![x][outside]\n\n[outside]: https://example.org/x.png",
         "content/articles/x.md:3:12: pictures in prose come from the content folder"),
    ])
    func mistakesNameFileLineAndColumnAndPublishNothing(path: String, text: String, message: String) async throws {
        let good = try ContentFixture(["articles/fine.md": "Fine."])
        let (output, _) = try await good.build()
        let before = DirectoryDigest.contents(of: output)
        let bad = try ContentFixture([path: text])
        let error = try await bad.failure(into: output)
        #expect(error.description.hasPrefix(message), "\(error)")
        let unchanged = DirectoryDigest.contents(of: output) == before
        #expect(unchanged, "the published site is left as it was")
    }

    @Test func anAmbiguousNameListsItsCandidatesWithIDsAndNotes() async throws {
        let error = try await ContentFixture(["home.md": "x [[anatomy park]]"]).failure()
        #expect(error.message.contains("location:3 (Microverse, Dimension C-137)"), "\(error)")
        #expect(error.message.contains("episode:3 (S01E03)"), "\(error)")
        #expect(error.message.hasSuffix("link the one you mean by its id, as [[location:3|anatomy park]]"), "\(error)")
        #expect((error.line, error.column) == (1, 3))
    }

    /// What the Markdown renderer writes besides the templates' own elements.
    static let proseElements: Set<String> = ["blockquote", "em", "strong", "code", "pre", "h3", "h4", "h5", "h6", "hr", "del"]

    /// Never a hang: 100,000 nested quotes and 150,000 unclosed `[[` build, safely; the limit turns a hang into
    /// a failure instead of a stuck suite (that the parser's work is linear is `LinearTimeTests`').
    @Test(.hangGuard) func hostileProseBuildsSafely() async throws {
        let nested = String(repeating: ">", count: 100_000) + " deep"
        let content = try ContentFixture([
            "articles/hostile.md": """
                <script>alert(1)</script>

                <img src=x onerror="alert(2)"> <img src="https://evil.example/track.png">

                [click](javascript:alert(3)) [data](data:text/html,<script>alert(4)</script>)

                Inline <a href="javascript:alert(5)" onclick="alert(6)">x</a> and <b onmouseover="alert(8)">bold</b>

                [[Rick Sanchez|<script>alert(7)</script>]]
                """,
            "articles/deep.md": nested,
            "articles/brackets.md": String(repeating: "[[", count: 100_000) + "\n" + String(repeating: "[[x", count: 50_000),
            "articles/picture.md": "![face](images/face.PNG)",
        ])
        try content.write("images/face.PNG", bytes: ContentFixture.pngBytes)
        let (output, _) = try await content.build()
        let hostile = try page(output, "articles/hostile/index.html")
        for bad in ["<script>alert", "onerror=", "onclick=", "javascript:", "href=\"data:", "evil.example"] {
            #expect(!hostile.contains(bad), "\(bad)")
        }
        #expect(hostile.contains("&lt;script&gt;alert(7)&lt;/script&gt;</a>"), "a label is text")
        // The strict checker: no event attribute of any name, no script but the site's own, no javascript: or
        // data: URL, only elements the templates or the renderer write.
        let checker = MarkupChecker(
            elements: try MarkupChecker.elements(inTemplates: ProjectTheme.templates).union(Self.proseElements))
        for path in ["articles/hostile/index.html", "fr/articles/hostile/index.html", "articles/picture/index.html",
                     "articles/brackets/index.html"] {
            let problems = checker.problems(in: try page(output, path))
            #expect(problems.isEmpty, "\(path): \(problems.prefix(5))")
        }
        #expect(try page(output, "articles/deep/index.html").contains("deep"))
        #expect(try page(output, "articles/picture/index.html").contains("src=\"/images/content/face.PNG\""))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("images/content/face.PNG").path))
    }

    @Test func aNoChangeRebuildWritesNothingAndAnEditRepublishesWhatShowsIt() async throws {
        let content = try ContentFixture([
            "articles/a.md": "---\ntitle: Alpha\ndate: 2026-11-20\n---\nAbout [[Snuffles]].",
            "articles/b.md": "---\ntitle: Beta\n---\nSee [[article:a]].",
            "articles/c.md": "---\ntitle: Gamma\n---\nAlone.",
        ])
        let (output, _) = try await content.build()
        let again = try await content.build(into: output)
        #expect(again.summary.added.isEmpty && again.summary.updated.isEmpty && again.summary.removed.isEmpty)
        try content.write("articles/a.md", "---\ntitle: Alpha\ndate: 2026-11-20\n---\nAbout [[Snuffles]], again.")
        let edited = try await content.build(into: output)
        // The article in both languages (the French page shows the English text), and nothing that shows only its
        // title (b, the list, Snuffles' "Mentioned in", What's new, the feed, the search index). The offline lists
        // name every page with its hash, and `sw.js` precaches the lists by their hashes: they change with any
        // page, and must, or a reader who saved the site for offline would keep the old article.
        #expect(Set(edited.summary.updated) == [
            "articles/a/index.html", "fr/articles/a/index.html", "offline/files.json", "fr/offline/files.json", "sw.js",
        ], "\(edited.summary.updated)")
        #expect(edited.summary.added.isEmpty && edited.summary.removed.isEmpty)
        try content.write("articles/a.md", "---\ntitle: Alpha, retitled\ndate: 2026-11-22\n---\nAbout [[Snuffles]], again.")
        let retitled = Set(try await content.build(into: output).summary.updated)
        // A new title and date: also every page that shows them, in both languages (French falls back to the
        // English title), and the search index (articles are found by title), which the offline lists precache.
        let showingIt = ["articles/a/index.html", "articles/b/index.html", "articles/index.html", "characters/6/index.html",
                         "whats-new/index.html", "feed.xml", "search/index.json"]
        let pocket: Set<String> = ["offline/files.json", "fr/offline/files.json", "sw.js"]
        #expect(retitled == Set(showingIt + showingIt.map { "fr/" + $0 }).union(pocket), "\(retitled.sorted())")
    }
}

extension ContentTests {
    /// Headings may repeat, or take a word the page's own parts use as ids (the skip link's `main`, `top`, the
    /// table of contents' and "Mentioned in"'s headings): every id on the page stays unique and every entry of
    /// the table of contents leads to its heading.
    @Test func headingIDsNeverCollide() async throws {
        let content = try ContentFixture([
            "articles/ids.md": "---\ntitle: Ids\n---\n## Trivia\n\nOne.\n\n## Trivia\n\nTwo.\n\n## Main\n\n"
                + "## Contents heading\n\n## Mentions heading\n\n## Top\n",
            "articles/other.md": "See [[article:ids]].",
        ])
        let (output, _) = try await content.build()
        for path in ["articles/ids/index.html", "fr/articles/ids/index.html"] {
            let html = try page(output, path)
            let ids = html.matches(of: /\sid="([^"]*)"/).map { String($0.1) }
            #expect(Set(ids).count == ids.count, "\(path): \(ids.sorted())")
            let anchors = html.matches(of: /href="#([^"]*)"/).map { String($0.1) }
            #expect(anchors.count > 6, "a table of contents and the skip link")
            for anchor in anchors { #expect(ids.contains(anchor), "\(path): #\(anchor) leads nowhere") }
            for id in ["trivia", "trivia-2", "main-2", "contents-heading-2", "mentions-heading-2", "top-2"] {
                #expect(html.contains("<h2 id=\"\(id)\">"), "\(path): \(id)")
            }
        }
    }
}

@Suite(.tags(.fullData), .skippable(.fullData), .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
struct FullDataContentTests {
    /// Every form of wiki link over the full dataset, in both languages (French with its own text and falling
    /// back to the English one), then an ambiguous and a broken link: each fails naming file, line and column,
    /// and the published site stays byte for byte as it was.
    @Test func aFullSiteWithContentLinksAndMentionsInBothLanguages() async throws {
        let content = try ContentFixture([
            "articles/birds.md": "---\ntitle: Birds\n---\n[[character:47]] went to [[S03E03]] and the [[Citadel of Ricks]].",
            "articles/birds.fr.md": "---\ntitle: Oiseaux\n---\n[[character:47|Birdperson]] a vu [[S03E03]].",
            "characters/47.md": "---\nsummary: A friend of Rick's.\n---\nRead [[article:birds]].",
            "articles/forms.md": "[[Squanchy]] [[Squanchy|the cat]] [[The Rickshank Rickdemption]] [[s03e07]]\n"
                + "[[location:3|the Citadel]] [[episode:24]] [[article:birds|birds]] [[Birdperson & Tammy's Child]]",
        ])
        let folder = SiteBuild.ContentInput.folder(ContentFolder(directory: content.folder, displayPath: "content"))
        let api = try SharedSnapshot.load()
        let (output, _) = try await SiteFixture.build(api, content: folder)
        #expect(proseLinks(try page(output, "articles/birds/index.html")) == ["/characters/47/", "/episodes/24/", "/locations/3/"])
        #expect(proseLinks(try page(output, "fr/articles/birds/index.html")) == ["/fr/characters/47/", "/fr/episodes/24/"])
        let forms = ["/characters/331/", "/characters/331/", "/episodes/22/", "/episodes/28/", "/locations/3/",
                     "/episodes/24/", "/articles/birds/", "/characters/786/"]
        #expect(proseLinks(try page(output, "articles/forms/index.html")) == forms)
        #expect(proseLinks(try page(output, "fr/articles/forms/index.html")) == forms.map { "/fr" + $0 })
        let bird = try page(output, "characters/47/index.html")
        #expect(bird.contains("<meta name=\"description\" content=\"A friend of Rick&#39;s.\">") || bird.contains("A friend of Rick"))
        #expect(bird.contains("mentions-heading") && bird.contains("href=\"/articles/birds/\">Birds</a>"))
        #expect(try page(output, "fr/characters/47/index.html").contains("href=\"/fr/articles/birds/\">Oiseaux</a>"))
        #expect(try page(output, "locations/3/index.html").contains("href=\"/articles/birds/\">Birds</a>"))
        let frenchCitadel = try page(output, "fr/locations/3/index.html")
        #expect(!frenchCitadel.contains("href=\"/fr/articles/birds/\""), "the French text of Birds does not link the Citadel")
        #expect(frenchCitadel.contains("href=\"/fr/articles/forms/\""), "the English text Forms shows in French does")
        #expect(try page(output, "characters/331/index.html").contains("href=\"/articles/forms/\""))

        let before = DirectoryDigest.contents(of: output)
        for (text, message) in [
            ("Who? [[Birdperson]]", "content/articles/bad.md:1:6: [[Birdperson]] is ambiguous"),
            ("\n  [[Pickle Rick]]", "content/articles/bad.md:2:3: [[Pickle Rick]] is ambiguous"),
            ("[[character:9999]]", "content/articles/bad.md:1:1: [[character:9999]] links to nothing"),
        ] {
            try content.write("articles/bad.md", text)
            do {
                _ = try await SiteFixture.build(api, content: folder, into: output)
                Issue.record("\(text) was published")
            } catch let error as ContentErrors {
                #expect(error.errors.count == 1 && error.errors[0].description.hasPrefix(message), "\(error)")
            }
            #expect(DirectoryDigest.contents(of: output) == before, "the site is left as it was")
        }
    }

    /// The README's first article resolves on the demo and on the real data, linking the same pages; and a typo
    /// of a name gets the suggestion the README shows.
    @Test func theReadmeExampleLinksTheSamePagesOnTheDemoAndTheRealData() throws {
        let readme = try String(contentsOf: ProjectTheme.templates.deletingLastPathComponent().appendingPathComponent("README.md"),
                                encoding: .utf8)
        let start = try #require(readme.range(of: "cat > content/articles/hello.md <<'EOF'\n"))
        let end = try #require(readme[start.upperBound...].range(of: "\nEOF\n"))
        let article = String(readme[start.upperBound..<end.lowerBound])
        var targets: [[ResolvedContent.Target]] = []
        let real = Dataset(try SharedSnapshot.load())
        for dataset in [Dataset(DemoDataset.snapshot), real] {
            let content = SiteContent(texts: [.article("hello"): ["en": ContentDocument(file: "hello.md", text: article)]])
            targets.append(try ResolvedContent(content, dataset: dataset).linkTargets)
        }
        #expect(targets[0] == [.character(1), .character(2), .episode(3), .location(1)])
        #expect(targets[1] == targets[0])
        let typo = SiteContent(texts: [.article("x"): ["en": ContentDocument(file: "x.md", text: "[[Bird Wrold]]")]])
        do {
            _ = try ResolvedContent(typo, dataset: real)
            Issue.record("a typo resolved")
        } catch {
            #expect(error.errors.first?.message.hasSuffix("; did you mean [[Bird World]]?") == true, "\(error)")
        }
    }

    @Test func linksResolveOverTheFullDataset() throws {
        let dataset = Dataset(try SharedSnapshot.load())
        func resolve(_ text: String) throws -> ResolvedContent {
            try ResolvedContent(SiteContent(texts: [.article("x"): ["en": ContentDocument(file: "x.md", text: text)]]),
                                dataset: dataset)
        }
        let resolved = try resolve("[[character:47|Birdperson]] [[S03E03]] [[Citadel of Ricks]] [[Birdperson & Tammy's Child]]")
        #expect(resolved.linkTargets == [.character(47), .episode(24), .location(3), .character(786)])
        do {
            _ = try resolve("[[Birdperson]]")
            Issue.record("a shared name resolved")
        } catch let errors as ContentErrors {
            let error = try #require(errors.errors.first)
            #expect(error.message.contains("character:47") && error.message.contains("character:599"), "\(error)")
            #expect(error.message.contains("from Bird World"), "\(error)")
        }
    }
}
