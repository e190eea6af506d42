import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import Testing
@testable import WikiBuild
@testable import WikiModel

/// The French site as a French reader reads it, over the whole real dataset: no English word of the data's
/// vocabulary, "1er" for the first of a month, a no-break space before `: ; ! ?` and inside « », and generated
/// sentences that agree with female characters. Text, attributes people read, `<title>`, meta and the feed.
@Suite(.tags(.fullData, .process), .skippable(.fullData, .process),
       .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)),
       .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
struct FrenchReadingTests {
    static let months = "janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre"

    /// What a reader of the page reads: its text (scripts and styles left out), the attributes shown or spoken
    /// (`alt`, `title`, `aria-label`, `placeholder`, `content` of meta tags), entities decoded. ICU's regular
    /// expressions: some 1,400 pages are read.
    static func readable(_ markup: String) throws -> [String] {
        let code = try NSRegularExpression(pattern: #"<script\b[^>]*>[\s\S]*?</script>|<style\b[^>]*>[\s\S]*?</style>"#)
        let attribute = try NSRegularExpression(pattern: #"\s(?:alt|title|aria-label|placeholder|content|data-returning)="([^"]*)""#)
        let tag = try NSRegularExpression(pattern: "<[^>]*>")
        let withoutCode = code.stringByReplacingMatches(in: markup, range: NSRange(markup.startIndex..., in: markup), withTemplate: "")
        let whole = NSRange(withoutCode.startIndex..., in: withoutCode)
        var parts = attribute.matches(in: withoutCode, range: whole).compactMap { match in
            Range(match.range(at: 1), in: withoutCode).map { MarkupText.decode(String(withoutCode[$0])) }
        }.filter { !$0.hasPrefix("http") && !$0.hasPrefix("/") }
        parts.append(MarkupText.decode(tag.stringByReplacingMatches(in: withoutCode, range: whole, withTemplate: "")))
        return parts
    }

    /// The French pages and the French feed, each with what it says, read once for the suite.
    static let french = Task { () throws -> [Page] in
        let output = try await FullSite.built().output
        let paths = try SiteChecker(root: output).files()
            .filter { $0.hasPrefix("fr/") && ($0.hasSuffix(".html") || $0.hasSuffix(".xml")) }
        return try paths
            .map { path in
                let markup = try BuildFixture.text(output, path)
                // The feed's summaries are escaped markup: read them once more.
                return Page(path: path, texts: path.hasSuffix(".xml") ? try readable(markup).flatMap(readable) : try readable(markup))
            }
    }

    struct Page: Sendable {
        let path: String
        let texts: [String]
    }

    /// Each match of `pattern` in the French site, with what comes before it.
    static func matches(_ pattern: NSRegularExpression, in pages: [Page], context: Int = 30) -> [String] {
        pages.flatMap { page in
            page.texts.flatMap { text in
                pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
                    Range(match.range, in: text).map { range in
                        let start = text.index(range.lowerBound, offsetBy: -context, limitedBy: text.startIndex) ?? text.startIndex
                        return "\(page.path): \(String(text[start..<range.upperBound]).debugDescription)"
                    }
                }
            }
        }
    }

    /// Each match of `english` in the French pages outside the data's names, which stay as the data gives them
    /// ("Unknown Rick", "Earth (Replacement Dimension)"): names are taken out first, only those holding such words
    /// unless `everyName` (a name may end where a word of the pattern starts: "Merged Universe" before its type).
    static func englishOutsideNames(_ english: NSRegularExpression, in pages: [Page], everyName: Bool = false) throws -> [String] {
        var names = Set<String>()
        for character in try SharedSnapshot.raw("characters.json") {
            names.insert(character["name"] as? String ?? "")
            names.insert(character["type"] as? String ?? "")
        }
        for file in ["locations.json", "episodes.json"] {
            for record in try SharedSnapshot.raw(file) { names.insert(record["name"] as? String ?? "") }
        }
        func hasEnglish(_ text: String) -> Bool { english.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil }
        // Only the names holding such a word need taking out, the longest first.
        let longestFirst = names.filter { everyName ? !$0.isEmpty : hasEnglish($0) }.sorted { $0.count > $1.count }
        let withoutNames = pages.map { page in
            Page(path: page.path, texts: page.texts.filter(hasEnglish).map { text in
                longestFirst.reduce(text) { Self.holds($0, $1) ? $0.replacingOccurrences(of: $1, with: "") : $0 }
            })
        }
        return Self.matches(english, in: withoutNames)
    }

    /// Whether `name`'s bytes are in `text`'s, by C's `strstr` (neither holds a NUL): Foundation's `contains`
    /// copied the text to UTF-16 for each of the data's 1,200 names, which made `dimensionsAreSaidInFrench` 40 s
    /// of CPU.
    static func holds(_ text: String, _ name: String) -> Bool {
        text.withCString { text in name.withCString { name in strstr(text, name) != nil } }
    }

    @Test func noEnglishDataWordOnAFrenchPage() async throws {
        // The vocabulary the French table translates (a word French writes the same way, "Robot", is left out).
        let english = try NSRegularExpression(
            pattern: #"\b(unknown|alive|dead|female|male|genderless|human|humanoid|alien|mythological creature|disease|"#
                + #"planet|space station|microverse|dream|spacecraft|resort|dwarf planet|daycare|woods|nightmare|"#
                + #"asteroid|reality|hell|police department|country|memory|cluster|liquid|game|customs|menagerie)\b"#,
            options: .caseInsensitive)
        let found = try Self.englishOutsideNames(english, in: try await Self.french.value)
        #expect(found.isEmpty, "\(found.count) English data words, e.g. \(found.prefix(8))")
    }

    /// A dimension said in English words ("Replacement Dimension", the noun last) is said in French ("Dimension de
    /// remplacement"); one named by its code ("Dimension C-137") reads the same in both.
    @Test func dimensionsAreSaidInFrench() async throws {
        let pages = try await Self.french.value
        let english = try NSRegularExpression(pattern: #"\b\p{Lu}[\p{L}'’-]*(?: \p{Lu}[\p{L}'’-]*)* Dimension\b"#)
        let found = try Self.englishOutsideNames(english, in: pages, everyName: true)
        #expect(found.isEmpty, "\(found.count) dimensions in English, e.g. \(found.prefix(8))")
        let french = Self.matches(try NSRegularExpression(pattern: "Dimension de remplacement"), in: pages, context: 0)
        #expect(french.count > 100, "\(french.count)")
        let output = try await FullSite.built().output
        let replacement = try BuildFixture.text(output, "fr/dimensions/replacement-dimension/index.html")
        #expect(replacement.contains("<h1>Dimension de remplacement</h1>"))
        #expect(replacement.contains("<title>Dimension de remplacement\u{202F}: lieux et personnages"))
        #expect(try BuildFixture.text(output, "fr/dimensions/dimension-c-137/index.html").contains("<title>Dimension C-137\u{202F}: lieux"))
    }

    /// On a card a line never starts with a separating dot ("Humain" / "· Masculin") nor breaks a code at its hyphen
    /// ("Earth (C-" / "137)"): the dot is bound to the word before it, the code kept whole.
    @Test func aCardKeepsItsDotsAndCodesInPlace() async throws {
        let output = try await FullSite.built().output
        let pages = ["fr/characters/index.html", "fr/characters/a-z/page/10/index.html", "fr/locations/index.html",
                     "fr/dimensions/dimension-c-137/index.html", "characters/index.html", "locations/index.html"]
        for path in pages {
            let page = try BuildFixture.text(output, path)
            let loose = page.components(separatedBy: "\n").filter { $0.contains("class=\"card-") && $0.contains(" · ") }
            #expect(loose.isEmpty, "\(path): \(loose.prefix(2))")
            #expect(page.contains("\u{00A0}· "), "\(path)")
        }
        #expect(try BuildFixture.text(output, "fr/locations/index.html")
            .contains("<span class=\"card-name\">Earth <span class=\"keep\">(C-137)</span></span>"))
        #expect(try BuildFixture.text(output, "fr/characters/a-z/page/10/index.html")
            .contains("originaire d’Earth <span class=\"keep\">(C-137),</span> n°"))
    }

    /// A search result is a line without labels, as a card is: the French index says a location's type and dimension
    /// as the locations list's card does ("Type inconnu · Dimension inconnue"), never another way.
    @Test func theSearchIndexSaysALocationAsItsCardDoes() async throws {
        let output = try await FullSite.built().output
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("fr/search/index.json"))) as? [String: Any]
        let rows = try #require(index?["locations"] as? [[Any]])
        let card = try NSRegularExpression(pattern: #"href="/fr/locations/([0-9]+)/"><span class="card-name">[^<]*</span></a>\s*<p class="card-meta">([^<]*)</p>"#)
        var cards: [Int: String] = [:]
        for path in try SiteChecker(root: output).files() where path == "fr/locations/index.html" || path.hasPrefix("fr/locations/page/") {
            let text = try BuildFixture.text(output, path)
                .replacingOccurrences(of: #"<span class="keep">([^<]*)</span>"#, with: "$1", options: .regularExpression)
            for match in card.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let id = Range(match.range(at: 1), in: text).flatMap({ Int(text[$0]) }),
                      let meta = Range(match.range(at: 2), in: text) else { continue }
                cards[id] = MarkupText.decode(String(text[meta]))
            }
        }
        #expect(cards.count == 126 && rows.count == 126, "\(cards.count) cards, \(rows.count) rows")
        let differing = rows.compactMap { row -> String? in
            guard let id = row[0] as? Int, let type = row[2] as? String, let dimension = row[3] as? String else { return "\(row)" }
            return cards[id] == "\(type)\u{00A0}· \(dimension)" ? nil : "\(id): index “\(type) · \(dimension)”, card “\(cards[id] ?? "none")”"
        }
        #expect(differing.isEmpty, "\(differing.count) differ, e.g. \(differing.prefix(5))")
        #expect(cards.values.filter { $0.hasPrefix("Type inconnu\u{00A0}· ") }.count >= 2, "the locations of unknown type")
    }

    @Test func theFirstOfAMonthIsWrittenPremier() async throws {
        let pages = try await Self.french.value
        let found = Self.matches(try NSRegularExpression(pattern: #"(?<![0-9])1[ \u00A0\u202F](?:"# + Self.months + ")"), in: pages)
        #expect(found.isEmpty, "\(found.count) dates, e.g. \(found.prefix(5))")
        let premier = Self.matches(try NSRegularExpression(pattern: "1er (?:" + Self.months + ")"), in: pages)
        #expect(premier.count > 100, "\(premier.count) dates read 1er")
        let season = try BuildFixture.text(try await FullSite.built().output, "fr/seasons/3/index.html")
        #expect(season.contains("du 1er avril 2017 au 1er octobre 2017"))
        #expect(season.contains(#"<time datetime="2017-04-01">1er avril 2017</time>"#))
    }

    /// A breaking space (or a line break) before the signs French spaces, or just inside guillemets.
    static let breakingSpace = #"[ \t\r\n][:;!?»]|«[ \t\r\n]"#

    @Test func noBreakingSpaceBeforeHighPunctuationOrInsideGuillemets() async throws {
        let pages = try await Self.french.value
        #expect(pages.contains { $0.path == "fr/feed.xml" }, "the feed is read too")
        let found = Self.matches(try NSRegularExpression(pattern: Self.breakingSpace), in: pages, context: 25)
        #expect(found.isEmpty, "\(found.count) breaking spaces, e.g. \(found.prefix(8))")
        let spaced = Self.matches(try NSRegularExpression(pattern: #"\u202F[:;!?»]"#), in: pages, context: 0)
        #expect(spaced.count > 5_000, "\(spaced.count) signs with their narrow no-break space")
        // Where such a sign is glued to its word, French wants the space too: a chart's named marks.
        let statistics = try BuildFixture.text(try await FullSite.built().output, "fr/statistics/index.html")
        #expect(statistics.contains("<title>Vivants\u{202F}: "), "a mark reads “Vivants : 439”")
        #expect(!statistics.contains("<title>Vivants:"))
    }

    @Test func everyFrenchStringSpacesItsPunctuation() throws {
        let theme = try Theme(templatesDirectory: ProjectTheme.templates, publicDirectory: ProjectTheme.publicFolder)
        let french = try #require(theme.languages.first { $0.code == "fr" }?.strings)
        let wrong = try NSRegularExpression(pattern: Self.breakingSpace + #"|[^\s\u00A0\u202F][;!?»]|«[^\s\u00A0\u202F]"#)
        let unspaced = french.entries.filter { wrong.firstMatch(in: $0.value, range: NSRange($0.value.startIndex..., in: $0.value)) != nil }
        #expect(unspaced.isEmpty, "\(unspaced.keys.sorted())")
    }

    @Test func sentencesAgreeWithFemaleCharacters() async throws {
        let output = try await FullSite.built().output
        let forms = ["Alive": "Vivante", "Dead": "Morte", "unknown": "Inconnue"]
        var checked = 0
        for character in try SharedSnapshot.raw("characters.json") where character["gender"] as? String == "Female" {
            let id = StatisticsTests.tail(character["url"]) ?? 0
            let page = try BuildFixture.text(output, "fr/characters/\(id)/index.html")
            let description = try #require(FanReadingTests.first(#"<meta name="description" content="([^"]*)">"#, in: page))
            let status = try #require(forms[character["status"] as? String ?? ""])
            #expect(MarkupText.decode(description).contains("statut\u{202F}: \(status)\u{202F};"), "fr/characters/\(id): \(description)")
            // No participle that would have to agree: "vu pour la dernière fois" said of a woman.
            #expect(try Self.readable(page).allSatisfy { !$0.lowercased().contains("vu pour") && !$0.lowercased().contains("vu dans") },
                    "fr/characters/\(id)")
            #expect(page.contains(">\(status)</span>"), "fr/characters/\(id): the status badge agrees")
            checked += 1
        }
        #expect(checked == 148, "the 148 female characters")
        // A name ending in a full stop is followed by a comma, not a second full stop.
        for character in try SharedSnapshot.raw("characters.json") where (character["name"] as? String ?? "").hasSuffix(".") {
            let id = StatisticsTests.tail(character["url"]) ?? 0
            let page = try BuildFixture.text(output, "fr/characters/\(id)/index.html")
            let description = try #require(FanReadingTests.first(#"<meta name="description" content="([^"]*)">"#, in: page))
            #expect(!description.contains("..") && description.contains(", espèce\u{202F}: "), "fr/characters/\(id): \(description)")
        }
        // Groups of characters take the plural in a chart's legend, each capitalised.
        let statistics = try BuildFixture.text(output, "fr/statistics/index.html")
        for legend in ["Vivants 439", "Morts 287", "Inconnus 100", "Inconnu 49"] {
            #expect(statistics.contains(">\(legend) ("), "\(legend)")
        }
    }

    @Test func unknownPlacesAgreeWithWhatTheyQualify() async throws {
        let output = try await FullSite.built().output
        // The Citadel's dimension is unknown; so is the origin of Adjudicator Rick (character 8).
        let citadel = try BuildFixture.text(output, "fr/locations/3/index.html")
        #expect(citadel.contains("<dd>Inconnue</dd>"), "Dimension : Inconnue")
        let cards = try BuildFixture.text(output, "fr/locations/index.html")
        #expect(cards.contains("Station spatiale\u{00A0}· Dimension inconnue"))
        let adjudicator = try BuildFixture.text(output, "fr/characters/8/index.html")
        #expect(adjudicator.contains("Origine</dt>\n          <dd>Inconnue</dd>"), "Origine : Inconnue")
    }

    /// "de", "le", "la", "que" elide before a name read with a vowel first: "originaire d’Earth (C-137)" in name notes,
    /// "Portrait d’Abradolf Lincler", and so on wherever a phrase meets a name.
    @Test func namesTakeElision() async throws {
        let pages = try await Self.french.value
        let joined = try NSRegularExpression(pattern: #"(?<![\p{L}’'])(?:[Dd]e|[Ll]e|[Ll]a|[Qq]ue) (\p{Lu}[^\s]*)"#)
        let unelided = pages.flatMap { page in
            page.texts.flatMap { text in
                joined.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match -> String? in
                    guard let range = Range(match.range(at: 1), in: text), Elision.beginsWithVowelSound(String(text[range])),
                          let whole = Range(match.range, in: text) else { return nil }
                    return "\(page.path): \(text[whole])"
                }
            }
        }
        #expect(unelided.isEmpty, "\(unelided.count) unelided, e.g. \(unelided.prefix(8))")
        let elided = Self.matches(try NSRegularExpression(pattern: "originaire d’Earth"), in: pages, context: 0)
        #expect(elided.count > 100, "\(elided.count) name notes read “originaire d’Earth”")
    }

    @Test func elisionFollowsTheNamesFirstSound() {
        let french = StringTable(locale: "fr", entries: ["elision_words": "de le la que", "note": "originaire de {origin}"])
        let cases = ["Earth (C-137)": "originaire d’Earth (C-137)", "Évry": "originaire d’Évry", "Unity's Planet": "originaire d’Unity's Planet",
                     "E. Coli": "originaire d’E. Coli", "Yvonne": "originaire d’Yvonne",
                     // An English h is breathed, a y before a vowel is a consonant, "One" starts with /w/, a letter is spelled.
                     "Hamster in Butt World": "originaire de Hamster in Butt World", "Young Jerry": "originaire de Young Jerry",
                     "One Crew": "originaire de One Crew", "A": "originaire de A", "Bird World": "originaire de Bird World",
                     "8": "originaire de 8", "«Earth»": "originaire de «Earth»"]
        for (origin, expected) in cases {
            #expect((try? french.format("note", ["origin": origin])) == expected, "\(origin)")
        }
        let english = StringTable(locale: "en", entries: ["elision_words": "", "note": "from de {origin}"])
        #expect((try? english.format("note", ["origin": "Earth"])) == "from de Earth", "no elision without elision_words")
    }

    /// Sizes in the units French writes ("47,3 Mo", "820 ko"), on the pages and in the scripts that write them.
    @Test func sizesAreWrittenInFrenchUnits() async throws {
        let pages = try await Self.french.value
        let english = Self.matches(try NSRegularExpression(pattern: #"\b[0-9.,]+[ \u00A0\u202F]?(?:MB|kB|KB|GB)\b"#), in: pages)
        #expect(english.isEmpty, "\(english.prefix(5))")
        let offline = try BuildFixture.text(try await FullSite.built().output, "fr/offline/index.html")
        #expect(offline.contains("data-megabytes=\"{size}\u{00A0}Mo\" data-kilobytes=\"{size}\u{00A0}ko\""))
        // The scripts take their units from the page: none of their own.
        for script in try FileManager.default.contentsOfDirectory(atPath: ProjectTheme.publicFolder.path + "/assets")
            where script.hasSuffix(".js") {
            let text = try String(contentsOfFile: ProjectTheme.publicFolder.path + "/assets/" + script, encoding: .utf8)
            #expect(try NSRegularExpression(pattern: #""[^"\n]*\b(?:MB|kB|KB|GB)\b[^"\n]*""#)
                .firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil, "\(script)")
        }
    }

    /// Guillemets are quotation marks in French: the pager's arrows are arrows.
    @Test func noGuillemetIsAnArrow() async throws {
        let pages = try await Self.french.value
        let arrows = Self.matches(try NSRegularExpression(pattern: #"[«‹][\s\u00A0\u202F]*(?:Première|Précédente)|(?:Suivante|Dernière)[\s\u00A0\u202F]*[»›]"#),
                                  in: pages)
        #expect(arrows.isEmpty, "\(arrows.count) guillemets as arrows, e.g. \(arrows.prefix(5))")
        // Every « opens a quotation that a » closes.
        let unbalanced = pages.filter { page in page.texts.contains { $0.filter { $0 == "«" }.count != $0.filter { $0 == "»" }.count } }
        #expect(unbalanced.isEmpty, "\(unbalanced.prefix(5).map(\.path))")
        let list = try BuildFixture.text(try await FullSite.built().output, "fr/characters/index.html")
        #expect(list.contains("⇤ Première") && list.contains("Dernière ⇥"))
    }

    /// The API record's date has one label on characters and episodes: "Ajouté à l’API le".
    @Test func oneLabelForTheRecordDate() async throws {
        let pages = try await Self.french.value
        func count(_ label: String, under folder: String) -> Int {
            pages.filter { $0.path.hasPrefix("fr/\(folder)/") && $0.path.hasSuffix("/index.html") && $0.texts.contains { $0.contains(label) } }.count
        }
        #expect(count("Ajouté à l’API le", under: "characters") == 826)
        #expect(count("Ajouté à l’API le", under: "episodes") == 51)
        for other in ["Ajout à l’API", "Créé le", "Ajout au wiki"] {
            #expect(Self.matches(try NSRegularExpression(pattern: other), in: pages).isEmpty, "\(other)")
        }
    }

    /// Words that cannot be read as agreement slips, and no label repeated in its value.
    @Test func labelsAgreeAndSayWhatTheyQualify() async throws {
        let pages = try await Self.french.value
        let output = try await FullSite.built().output
        // A card's "Inconnue · Masculin" reads as a wrong agreement: the species says it is one.
        #expect(Self.matches(try NSRegularExpression(pattern: #"(?<!Espèce )[Ii]nconnue[\u00A0 ]· (?!Wiki Rick)"#), in: pages).isEmpty)
        let unknownSpecies = Self.matches(try NSRegularExpression(pattern: "Espèce inconnue\u{00A0}· "), in: pages, context: 0)
        #expect(unknownSpecies.count > 50, "\(unknownSpecies.count)")
        let search = try BuildFixture.text(output, "fr/search/index.html")
        #expect(search.contains(#"<select id="search-species" name="species">"# + "\n          <option value=\"\">Toutes</option>"))
        #expect(search.contains(#"<select id="search-status" name="status">"# + "\n          <option value=\"\">Tous</option>"))
        let statistics = try BuildFixture.text(output, "fr/statistics/index.html")
        #expect(statistics.contains(">Inconnus 100 (") && !statistics.contains(">Inconnu 100 ("), "beside “Vivants” and “Morts”")
        // A label, not the end of a name ("Narnia Dimension : Dimension de Narnia" describes a place).
        let repeated = Self.matches(try NSRegularExpression(pattern: #"(?<!\p{L} )(Dimension|Espèce|Type|Statut)[\u202F ]: \1\b"#), in: pages)
        #expect(repeated.isEmpty, "\(repeated.prefix(5))")
    }
}
