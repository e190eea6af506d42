import Foundation
@testable import RickAndMortyAPI
import TestSupport
import Testing
@testable import WikiBuild
@testable import WikiModel

/// A writer sees every mistake of a content folder in one build, and nothing they wrote is dropped or published
/// wrong in silence.
@Suite struct ContentMistakesTests {
    static let api = "https://rickandmortyapi.com/api"

    // MARK: Every mistake at once

    /// Twelve mistakes in seven files, of every kind a build checks: one build lists them all, in file order,
    /// and the published site is left byte for byte as it was.
    @Test func oneBuildListsEveryMistakeInFileOrder() async throws {
        let good = try ContentFixture(["articles/fine.md": "Fine."])
        let (output, _) = try await good.build()
        let before = DirectoryDigest.contents(of: output)
        let bad = try ContentFixture([
            "articles/a.md": "---\ntitle: A\ncolour: red\ndate: 2026-02-30\n---\nSee [[Nobody at all]] and [[anatomy park]].",
            "articles/b.md": "---\ntitle: B\n---\n![x](images/missing.png)\n\n[[character:999]]",
            "articles/Bad Name.md": "x",
            "characters/9999.md": "About nobody.",
            "home.md": "title: Home\n\nWelcome.",
            "data/episodes.json": """
                [
                  {"id": 60, "name": "A", "air_date": "September 4, 2022", "episode": "Season 6"},
                  {"id": 61, "name": "B", "air_date": "someday", "episode": "S06E03"},
                  {"id": 62, "name": "C", "air_date": "September 4, 2022", "episode": "S06E04",
                   "characters": ["\(Self.api)/character/9999"]}
                ]
                """,
        ])
        try bad.write("images/page.png", "<!doctype html><script>alert(1)</script>")
        let errors = try await bad.failures(into: output)
        #expect(errors.map { "\($0.file):\($0.line):\($0.column)" } == [
            "content/articles/Bad Name.md:1:1",
            "content/articles/a.md:3:1", "content/articles/a.md:4:7", "content/articles/a.md:6:5",
            "content/articles/a.md:6:27",
            "content/articles/b.md:4:6", "content/articles/b.md:6:1",
            "content/characters/9999.md:1:1",
            "content/data/episodes.json:2:71", "content/data/episodes.json:3:39", "content/data/episodes.json:5:19",
            "content/home.md:1:1",
            "content/images/page.png:1:1",
        ], "\(errors.map(\.description).joined(separator: "\n"))")
        #expect(DirectoryDigest.contents(of: output) == before, "nothing was published")
        let description = ContentErrors(errors).description
        #expect(description.hasPrefix("13 mistakes in the content (nothing was published):\ncontent/articles/Bad Name.md:1:1: "))
    }

    /// Past 50 mistakes the list stops, and says how many more there are.
    @Test func theListStopsAtFiftyAndCountsTheRest() async throws {
        let links = (1...60).map { "[[Nobody \($0)]]" }.joined(separator: "\n")
        let errors = try await ContentFixture(["articles/x.md": links]).failures()
        #expect(errors.count == 60)
        #expect(errors.map(\.line) == Array(1...60), "in file order")
        let lines = ContentErrors(errors).description.split(separator: "\n")
        #expect(lines.count == 52 && lines.last == "… and 10 more")
        #expect(lines[50].hasPrefix("content/articles/x.md:50:1: [[Nobody 50]]"))
    }

    /// A key a file's kind does not read was once ignored: a record's `date` dated nothing. A record's `title` is
    /// its name in the file's language, an article's is read.
    @Test func aKeyTheFileDoesNotReadIsAMistake() async throws {
        let errors = try await ContentFixture([
            "characters/1.md": "---\ntitle: Rick the Great\n---\nText.",
            "locations/1.fr.md": "---\nsummary: Chez nous\ntitle: La Terre\n---\nTexte.",
            "episodes/1.md": "---\ntitle: Pilot, again\ndate: 2026-11-20\n---\nText.",
            "home.md": "---\ndate: 2026-11-20\n---\nHello.",
            "articles/x.md": "---\ntitle: X\ndate: 2026-11-20\n---\nText.",
        ]).failures()
        #expect(errors.map { "\($0.file):\($0.line): \($0.message)" }.sorted() == [
            "content/episodes/1.md:3: 'date' is not read in this file: only an article is dated",
            "content/home.md:2: 'date' is not read in this file: only an article is dated",
        ], "\(errors)")
    }

    @Test func aLinkToNothingSuggestsTheNearestNames() async throws {
        let error = try await ContentFixture(["articles/x.md": "[[Citadel of Rikcs]] [[Qwxz]]"]).failures()
        #expect(error.first?.message.hasSuffix("; did you mean [[Citadel of Ricks]]?") == true, "\(error)")
        #expect(error.last?.message.hasSuffix("is called so") == true, "nothing near: no suggestion (\(error))")
    }

    /// A theme whose second table lacks many strings says so in one message, every key in it.
    @Test func everyMissingStringOfALanguageIsInOneMessage() throws {
        let templates = try SharedFixtures.temporaryDirectory().appendingPathComponent("templates")
        try FileManager.default.copyItem(at: ProjectTheme.templates, to: templates)
        let file = templates.appendingPathComponent("locales/fr.json")
        var table = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: file))
        for key in ["home_lead", "nav_characters", "site_name"] { table[key] = nil }
        try JSONEncoder().encode(table).write(to: file)
        #expect {
            try Theme(templatesDirectory: templates, publicDirectory: ProjectTheme.publicFolder)
        } throws: { error in
            String(describing: error) == "missing 3 strings in locale 'fr': add them to \(file.path) (they are in 'en'): "
                + "home_lead, nav_characters, site_name"
        }
    }

    // MARK: Language marks

    /// An article written only in English keeps `lang="en"` wherever its title or summary shows on a French page:
    /// the articles list, What's new and "Mentioned in"; on English pages it needs none.
    @Test func untranslatedTitlesCarryTheirLanguageEverywhere() async throws {
        let (output, _) = try await ContentFixture([
            "articles/only-en.md": "---\ntitle: Only English\nsummary: In English.\ndate: 2026-11-20\n---\nAbout [[character:1]].",
        ]).build()
        let link = "href=\"/fr/articles/only-en/\" lang=\"en\">Only English</a>"
        let list = try page(output, "fr/articles/index.html")
        #expect(list.contains(link) && list.contains("<p lang=\"en\">In English.</p>"))
        #expect(try page(output, "fr/whats-new/index.html").contains(link))
        #expect(try page(output, "fr/characters/1/index.html").contains(link))
        for path in ["articles/index.html", "whats-new/index.html", "characters/1/index.html"] {
            #expect(try page(output, path).contains("href=\"/articles/only-en/\">Only English</a>"), "\(path)")
        }
    }

    // MARK: Nothing dropped in silence

    /// Windows line endings and a byte order mark: the front matter is read, and positions are the file's own lines.
    @Test func crlfAndABOMReadAsPlainLines() async throws {
        let fine = try ContentFixture([
            "articles/windows.md": "\u{FEFF}---\r\ntitle: From Windows\r\ndate: 2026-11-20\r\n---\r\nAbout [[Snuffles]].\r\n",
        ])
        let (output, _) = try await fine.build()
        let article = try page(output, "articles/windows/index.html")
        #expect(article.contains("From Windows</h1>") && !article.contains("title:") && !article.contains("<hr>"))
        #expect(try page(output, "feed.xml").contains("From Windows"), "dated, so in the feed")
        let broken = try ContentFixture(["articles/windows.md": "---\r\ntitle: T\r\n---\r\nLine 4\r\nthen [[Nobody]]"])
        #expect(try await broken.failures().map(\.description).first?.hasPrefix("content/articles/windows.md:5:6: ") == true)
    }

    @Test func crlfLocalRecordsNameTheirLines() async throws {
        let content = try ContentFixture([
            "data/episodes.json": "[\r\n  {\"id\": 1,\r\n   \"nmae\": \"Pilot\"}\r\n]\r\n",
        ])
        let errors = try await content.failures()
        #expect(errors.map(\.description) == ["content/data/episodes.json:3:4: unknown field 'nmae' in episode 1: an episode "
            + "has id, name, air_date, episode, characters, url, created"])
    }

    /// Front matter written without its opening line, below blank lines or with an editor's dash is a mistake
    /// saying so, never a rule and a heading on the page.
    @Test(arguments: [
        ("title: Notes\ndate: 2026-11-20\n\nBody", "content/articles/x.md:1:1: 'title: Notes' reads as front matter, but the file does not open with a '---' line"),
        ("\n---\ntitle: Notes\n---\nBody", "content/articles/x.md:2:1: front matter opens on line 1"),
        ("—\ntitle: Notes\n—\nBody", "content/articles/x.md:1:1: front matter opens with '---' (three hyphens); this line is '—'"),
        ("---\ntitle: Notes\nThe [[Citadel of Ricks]] ([[location:3]])", "content/articles/x.md:1:1: the front matter opened here has no closing '---' line"),
        ("---\ntitle: Notes\n—\nBody", "content/articles/x.md:1:1: the front matter opened here has no closing '---' line: line 3 has '—', which is not three hyphens"),
    ])
    func misplacedFrontMatterIsAMistake(text: String, message: String) async throws {
        let errors = try await ContentFixture(["articles/x.md": text]).failures()
        #expect(errors.count == 1 && errors.first?.description.hasPrefix(message) == true, "\(errors)")
    }

    /// Prose that merely starts with a capitalised word and a colon is prose.
    @Test func aColonInTheFirstLineOfProseIsNoFrontMatter() async throws {
        let (output, _) = try await ContentFixture(["articles/x.md": "Summary: a day out.\n\nMore."]).build()
        #expect(try page(output, "articles/x/index.html").contains("<p>Summary: a day out.</p>"))
    }

    /// Quotes around a value, straight or curled, are removed: the title is the words, and a link by them finds it.
    @Test func quotesAroundAValueAreRemoved() async throws {
        let (output, _) = try await ContentFixture([
            "articles/a.md": "---\ntitle: \"Season six notes\"\nsummary: 'Short.'\n---\nx",
            "articles/b.md": "---\ntitle: “A field guide”\n---\nSee [[Season six notes]].",
            "articles/c.md": "See [[A field guide]].",
        ]).build()
        let a = try page(output, "articles/a/index.html")
        #expect(a.contains(">Season six notes</h1>") && a.contains("content=\"Short.\""), "no quotes kept")
        #expect(try page(output, "articles/b/index.html").contains(">A field guide</h1>"))
        #expect(proseLinks(try page(output, "articles/c/index.html")) == ["/articles/b/"])
    }

    /// A local episode's code is written as the API writes codes; two episodes with one code are refused.
    @Test func episodeCodesAreNormalisedAndKeptApart() async throws {
        let episode = { (id: Int, code: String) in
            "{\"id\": \(id), \"name\": \"E\(id)\", \"air_date\": \"September 4, 2022\", \"episode\": \"\(code)\"}"
        }
        let (output, _) = try await ContentFixture(["data/episodes.json": "[\(episode(60, "s6e3"))]"]).build()
        let page60 = try page(output, "episodes/60/index.html")
        #expect(page60.contains("S06E03") && !page60.contains("s6e3"))
        #expect(try page(output, "seasons/6/index.html").contains("href=\"/episodes/60/\""))
        let twice = try await ContentFixture([
            "data/episodes.json": "[\(episode(60, "S06E02")),\n\(episode(61, "s06e02")),\n\(episode(62, "S01E01"))]",
        ]).failures()
        #expect(twice.map(\.description) == [
            "content/data/episodes.json:1:72: 'episode' of episode 60 is S06E02, the code of episode 61 too: each episode has a code of its own",
            "content/data/episodes.json:2:71: 'episode' of episode 61 is S06E02, the code of episode 60 too: each episode has a code of its own",
            "content/data/episodes.json:3:71: 'episode' of episode 62 is S01E01, the code of episode 1 too: each episode has a code of its own",
        ])
    }

    /// `home.md`'s title and summary are the home page's title line and meta description, in each language.
    @Test func homeFrontMatterTitlesAndDescribesTheHome() async throws {
        let (output, _) = try await ContentFixture([
            "home.md": "---\ntitle: Fans welcome\nsummary: The wiki of fans.\n---\nHello.",
            "home.fr.md": "---\nsummary: Le wiki des fans.\n---\nBonjour.",
        ]).build()
        let english = try page(output, "index.html")
        #expect(english.contains("<title>Fans welcome · ") && english.contains("<meta name=\"description\" content=\"The wiki of fans.\">"))
        let french = try page(output, "fr/index.html")
        #expect(french.contains("<meta name=\"description\" content=\"Le wiki des fans.\">"))
    }

    /// `images/` is checked by the files' bytes: a page or a picture of another kind under a picture's name is refused.
    @Test(arguments: [
        ("page.png", Array("<!doctype html><script>alert(1)</script>".utf8), "is not a .png picture: its bytes are no JPEG, PNG, GIF, WebP or AVIF picture"),
        ("drawing.gif", Array("<svg onload=\"alert(1)\"/>".utf8), "is not a .gif picture: its bytes are no JPEG"),
        ("photo.png", [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array("JFIF".utf8), "is not a .png picture: its bytes are a JPEG picture: name it .jpg"),
        ("empty.webp", [], "is not a .webp picture"),
    ])
    func picturesAreCheckedByTheirBytes(name: String, bytes: [UInt8], message: String) async throws {
        let content = try ContentFixture([:])
        try content.write("images/" + name, bytes: bytes)
        let errors = try await content.failures()
        #expect(errors.count == 1 && errors.first?.description.hasPrefix("content/images/\(name):1:1: " + message) == true, "\(errors)")
    }

    @Test func realPicturesOfEachKindAreAccepted() async throws {
        let content = try ContentFixture([:])
        let heads: [String: [UInt8]] = [
            "a.png": ContentFixture.pngBytes, "b.jpeg": [0xFF, 0xD8, 0xFF, 0xDB], "c.gif": Array("GIF89a..".utf8),
            "d.webp": Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), "e.avif": [0, 0, 0, 0x1C] + Array("ftypavif".utf8),
        ]
        for (name, bytes) in heads { try content.write("images/" + name, bytes: bytes) }
        let (output, _) = try await content.build()
        for name in heads.keys { #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("images/content/" + name).path)) }
    }
}
