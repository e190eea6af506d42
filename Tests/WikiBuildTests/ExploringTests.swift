import Foundation
@testable import RickAndMortyAPI
import TestSupport
import Testing
@testable import WikiBuild
@testable import WikiModel

/// What a fan follows from page to page, checked on the whole real site against figures recomputed here from the
/// raw JSON (links from either side count, as in `Dataset`): who is seen most often with whom, who debuts where,
/// a character's episodes by season, previous and next, and the characters index in its three orders.
@Suite(.tags(.fullData, .process), .skippable(.fullData, .process),
       .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)),
       .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
struct ExploringTests {
    /// The raw data, resolved by hand: each character's episodes and each episode's cast, from both sides.
    struct Raw {
        var names: [Int: String] = [:]
        var episodesOf: [Int: Set<Int>] = [:]
        var castOf: [Int: Set<Int>] = [:]
        var codes: [Int: String] = [:]
        var characterIDs: [Int] { names.keys.sorted() }

        init() throws {
            let tail = StatisticsTests.tail
            for character in try SharedSnapshot.raw("characters.json") {
                let id = tail(character["url"]) ?? 0
                names[id] = character["name"] as? String ?? ""
                for url in character["episode"] as? [String] ?? [] {
                    let episode = tail(url) ?? 0
                    episodesOf[id, default: []].insert(episode)
                    castOf[episode, default: []].insert(id)
                }
            }
            for episode in try SharedSnapshot.raw("episodes.json") {
                let id = tail(episode["url"]) ?? 0
                codes[id] = episode["episode"] as? String ?? ""
                for url in episode["characters"] as? [String] ?? [] {
                    let character = tail(url) ?? 0
                    castOf[id, default: []].insert(character)
                    episodesOf[character, default: []].insert(id)
                }
            }
        }

        /// Every other character sharing an episode with `id`, and how many episodes, most first, ties by id.
        func coStars(of id: Int) -> [(Int, Int)] {
            var shared: [Int: Int] = [:]
            for episode in episodesOf[id] ?? [] {
                for other in castOf[episode] ?? [] where other != id { shared[other, default: 0] += 1 }
            }
            return shared.map { ($0.key, $0.value) }.sorted { ($1.1, $0.0) < ($0.1, $1.0) }
        }
    }

    static let raw = Result { try Raw() }

    static func html(_ path: String) async throws -> String {
        try BuildFixture.text(try await FullSite.built().output, path)
    }

    /// The part of a page from `start` to the first `end` after it.
    static func section(_ html: String, from start: String, to end: String) -> String {
        guard let from = html.range(of: start) else { return "" }
        let rest = html[from.upperBound...]
        return String(rest[..<(rest.range(of: end)?.lowerBound ?? rest.endIndex)])
    }

    static func numbers(_ pattern: String, in text: String) -> [Int] {
        AccessibilityTests.matches(pattern, in: text).compactMap { Int($0[1]) }
    }

    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test func seenMostOftenWithCountsSharedEpisodes() async throws {
        let raw = try Self.raw.get()
        var checked = 0
        for id in raw.characterIDs {
            // Only who shares more than one episode: "1 episode together" is the episode's cast, said once.
            let expected = raw.coStars(of: id).filter { $0.1 > 1 }.prefix(SiteModel.coStarCount)
            let episodes = raw.episodesOf[id] ?? []
            for prefix in id == 1 || id == 361 ? ["", "fr/"] : [""] {
                let html = try await Self.html("\(prefix)characters/\(id)/index.html")
                let list = Self.section(html, from: "id=\"costars-heading\"", to: "</section>")
                let rows = AccessibilityTests.matches(
                    #"<a class="row-link" href="/(?:fr/)?characters/(\d+)/">.*?<span class="row-count">(\d+) [^<]*</span>"#, in: list)
                let shown = rows.map { (Int($0[1]) ?? 0, Int($0[2]) ?? 0) }
                #expect(shown.map(\.0) == expected.map(\.0), "\(prefix)characters/\(id): co-stars")
                #expect(shown.map(\.1) == expected.map(\.1), "\(prefix)characters/\(id): shared episodes")
                #expect(!list.contains(">1 episode together<") && !list.contains(">1 épisode ensemble<"), "\(prefix)characters/\(id)")
                // A one-episode character's section is one sentence linking its episode, when it had company.
                let others = (episodes.first.flatMap { raw.castOf[$0] } ?? []).subtracting([id]).count
                let note = AccessibilityTests.matches(#"<p class="cast-note">[^<]* (\d+) [^<]*<a href="/(?:fr/)?episodes/(\d+)/">"#, in: list)
                if episodes.count == 1, others > 0 {
                    #expect(note.count == 1 && note.first?[1] == String(others) && note.first?[2] == episodes.first.map(String.init),
                            "\(prefix)characters/\(id): \(note)")
                } else {
                    #expect(note.isEmpty, "\(prefix)characters/\(id)")
                }
                if expected.isEmpty, note.isEmpty { #expect(!html.contains("id=\"costars-heading\""), "\(prefix)characters/\(id)") }
                checked += 1
            }
        }
        #expect(checked == raw.characterIDs.count + 2)
        // Rick: Morty is in every one of his 51 episodes. A one-episode character shares exactly one with each.
        let rick = raw.coStars(of: 1)
        #expect(rick.first?.0 == 2 && rick.first?.1 == 51)
        let minor = try #require(raw.characterIDs.first { raw.episodesOf[$0]?.count == 1 && (raw.castOf[raw.episodesOf[$0]?.first ?? 0]?.count ?? 0) > 11 })
        #expect(raw.coStars(of: minor).prefix(10).allSatisfy { $0.1 == 1 })
        let page = try await Self.html("characters/\(minor)/index.html")
        #expect(!page.contains("<span class=\"row-count\">"), "characters/\(minor)")
        #expect(page.contains("<p class=\"cast-note\">One episode only, with "), "characters/\(minor)")
        #expect(try await Self.html("fr/characters/1/index.html").contains("<span class=\"row-count\">51 épisodes ensemble</span>"))
    }

    @Test func everyEpisodeListsItsDebuts() async throws {
        let raw = try Self.raw.get()
        var debuts: [Int: [Int]] = [:]
        for id in raw.characterIDs {
            if let first = raw.episodesOf[id]?.min() { debuts[first, default: []].append(id) }
        }
        var total = 0
        for episode in raw.codes.keys.sorted() {
            for prefix in ["", "fr/"] {
                let html = try await Self.html("\(prefix)episodes/\(episode)/index.html")
                let section = Self.section(html, from: "id=\"debuts-heading\"", to: "</section>")
                var shown = Self.numbers(#"<a class="(?:card|row)-link" href="/(?:fr/)?characters/(\d+)/">"#, in: section)
                if section.contains("appears for the first time.</p>") || section.contains("pour la première fois.</p>") {
                    // The whole cast debuts (the pilot): said in a sentence rather than the same cards twice.
                    #expect(shown.isEmpty)
                    shown = (raw.castOf[episode] ?? []).sorted()
                }
                #expect(shown == (debuts[episode] ?? []), "\(prefix)episodes/\(episode): first appearances")
                #expect(section.contains("<span class=\"section-count\">\(shown.count)</span>"), "\(prefix)episodes/\(episode)")
                if prefix.isEmpty { total += shown.count }
            }
        }
        #expect(total == raw.characterIDs.filter { !(raw.episodesOf[$0] ?? []).isEmpty }.count, "every character debuts once")
        #expect(total == 826)
        // The pilot introduces everyone in it; an episode nobody debuts in says so.
        let pilot = Self.section(try await Self.html("episodes/1/index.html"), from: "id=\"debuts-heading\"", to: "</section>")
        #expect(pilot.contains("Everyone in this episode appears for the first time."))
        #expect(debuts[1] == (raw.castOf[1] ?? []).sorted())
        if let quiet = raw.codes.keys.sorted().first(where: { debuts[$0] == nil }) {
            #expect(try await Self.html("episodes/\(quiet)/index.html").contains("Nobody appears for the first time in this episode."))
        }
    }

    @Test func characterEpisodesAreGroupedBySeason() async throws {
        let raw = try Self.raw.get()
        for id in raw.characterIDs {
            var expected: [Int: [(Int, Int)]] = [:]
            for episode in raw.episodesOf[id] ?? [] {
                let code = raw.codes[episode] ?? ""
                let season = Int(code.dropFirst().prefix(2)) ?? 0, number = Int(code.suffix(2)) ?? 0
                expected[season, default: []].append((number, episode))
            }
            let html = try await Self.html("characters/\(id)/index.html")
            let list = Self.section(html, from: "id=\"episodes-heading\"", to: "</article>")
            let groups = list.components(separatedBy: "<details class=\"season season-fold\"").dropFirst()
            let shown = groups.map { group in
                (Self.numbers(#"<h3 id="season-(\d+)-heading">"#, in: group).first ?? 0,
                 Self.numbers(#"<a class="episode-name" href="/episodes/(\d+)/">"#, in: group))
            }
            #expect(shown.map(\.0) == expected.keys.sorted(), "characters/\(id): seasons")
            #expect(shown.map(\.1) == expected.keys.sorted().map { (expected[$0] ?? []).sorted { $0 < $1 }.map(\.1) },
                    "characters/\(id): episodes by season")
        }
        let rick = try await Self.html("fr/characters/1/index.html")
        #expect(rick.contains("<summary><h3 id=\"season-3-heading\">Saison 3 <span class=\"season-count\">10 épisodes</span></h3></summary>"))
        #expect(rick.contains("<a href=\"/fr/seasons/3/\">Toute la saison</a>"))
    }

    @Test func previousAndNextFollowTheAPIOrder() async throws {
        let raw = try Self.raw.get()
        let characters = raw.characterIDs
        for (position, id) in characters.enumerated() {
            let html = try await Self.html("characters/\(id)/index.html")
            let nav = Self.section(html, from: "<nav class=\"record-neighbours\"", to: "</nav>")
            #expect(Self.numbers(#"neighbour-previous">Previous: <a href="/characters/(\d+)/">"#, in: nav)
                    == (position > 0 ? [characters[position - 1]] : []), "characters/\(id)")
            #expect(Self.numbers(#"neighbour-next">Next: <a href="/characters/(\d+)/">"#, in: nav)
                    == (position + 1 < characters.count ? [characters[position + 1]] : []), "characters/\(id)")
        }
        let episodes = raw.codes.keys.sorted()
        for (position, id) in episodes.enumerated() {
            let html = try await Self.html("episodes/\(id)/index.html")
            let previous = position > 0 ? [episodes[position - 1]] : []
            let next = position + 1 < episodes.count ? [episodes[position + 1]] : []
            let top = Self.section(html, from: "<nav class=\"record-neighbours record-neighbours-top\"", to: "</nav>")
            #expect(Self.numbers(#"<a href="/episodes/(\d+)/" rel="prev">"#, in: top) == previous, "episodes/\(id) top")
            #expect(Self.numbers(#"<a href="/episodes/(\d+)/" rel="next">"#, in: top) == next, "episodes/\(id) top")
            let bottom = Self.section(html, from: "<nav class=\"record-neighbours\"", to: "</nav>")
            #expect(Self.numbers(#"neighbour-previous">Previous: <a href="/episodes/(\d+)/">"#, in: bottom) == previous, "episodes/\(id)")
            #expect(Self.numbers(#"neighbour-next">Next: <a href="/episodes/(\d+)/">"#, in: bottom) == next, "episodes/\(id)")
            // The season, read from the code, links to its page.
            let season = Int((raw.codes[id] ?? "").dropFirst().prefix(2)) ?? 0
            #expect(html.contains("<div class=\"fact-season\"><dt>Season</dt><dd><a href=\"/seasons/\(season)/\">Season \(season)</a></dd></div>"),
                    "episodes/\(id)")
        }
        #expect(try await Self.html("fr/episodes/51/index.html").contains("<dd><a href=\"/fr/seasons/5/\">Saison 5</a></dd>"))
    }

    /// The cards of every page of one order of the characters index, in order: (id, name, note, count text).
    static func index(_ folder: String) async throws -> (cards: [(id: Int, name: String, note: String, count: String)], pages: Int) {
        var cards: [(Int, String, String, String)] = []
        var page = 1
        while true {
            let path = folder + (page == 1 ? "" : "page/\(page)/") + "index.html"
            guard let html = try? await Self.html(path) else { break }
            // A word kept whole (`<span class="keep">`) reads as its text.
            let kept = html.replacingOccurrences(of: #"<span class="keep">([^<]*)</span>"#, with: "$1", options: .regularExpression)
            for card in kept.components(separatedBy: "<li class=\"card character-card").dropFirst() {
                let id = Self.numbers(#"<a class="card-link" href="/(?:fr/)?characters/(\d+)/">"#, in: card).first ?? 0
                let name = AccessibilityTests.matches(#"<span class="card-name">([^<]*)</span>"#, in: card).first?[1] ?? ""
                let note = AccessibilityTests.matches(#"<span class="card-note">([^<]*)</span>"#, in: card).first?[1] ?? ""
                let count = AccessibilityTests.matches(#"<p class="card-count">([^<]*)</p>"#, in: card).first?[1] ?? ""
                cards.append((id, unescaped(name), unescaped(note), count))
            }
            page += 1
        }
        return (cards, page - 1)
    }

    @Test(arguments: [("en", ""), ("fr", "fr/")])
    func theAToZIndexSortsNamesAsTheLanguageDoes(language: String, prefix: String) async throws {
        let raw = try Self.raw.get()
        let locale = Locale(identifier: language)
        func before(_ lhs: String, _ rhs: String) -> Bool { lhs.compare(rhs, locale: locale) == .orderedAscending }
        let (cards, pages) = try await Self.index("\(prefix)characters/a-z/")
        #expect(pages == (raw.names.count + 19) / 20)
        #expect(cards.map(\.id).sorted() == raw.characterIDs, "every character once")
        #expect(cards.map(\.name) == raw.names.values.sorted(by: before), "\(language): names in the language's order")
        for (first, second) in zip(cards, cards.dropFirst()) where first.name == second.name {
            #expect(!before(second.note, first.note), "\(language): namesakes \(first.id), \(second.id) by their note")
        }
        #expect(cards.map(\.name) != raw.names.values.sorted(), "code-point order would differ (digits, case)")

        // Each letter of the jump bar leads to the page of its first name; a letter no name starts with has no link.
        let html = try await Self.html("\(prefix)characters/a-z/page/13/index.html")
        let bar = Self.section(html, from: "<nav class=\"letter-bar\"", to: "</nav>")
        for letter in (UInt8(ascii: "A")...UInt8(ascii: "Z")).map({ String(UnicodeScalar($0)) }) {
            let first = cards.firstIndex { card in
                card.name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).uppercased().hasPrefix(letter)
            }
            let link = AccessibilityTests.matches(#"<a href="/(?:fr/)?characters/a-z/(?:page/(\d+)/)?" aria-label="[^"]*">\#(letter)</a>"#, in: bar).first
            if let first {
                #expect(link.map { Int($0[1]) ?? 1 } == first / 20 + 1, "\(language): letter \(letter)")
            } else {
                #expect(link == nil && bar.contains("<span class=\"letter-empty\" aria-hidden=\"true\">\(letter)</span>"),
                        "\(language): letter \(letter) has no names")
            }
        }
        #expect(bar.contains(">#</a>"), "names starting with a digit (\"26 Years Old Morty\")")
        // Every page picks any other in one click, and offers the other orders.
        let picker = AccessibilityTests.matches(#"<details class="page-picker">.*?</details>"#, in: html).first?[0] ?? ""
        let picked = AccessibilityTests.matches(#"<a href="/(?:fr/)?characters/a-z/(?:page/(\d+)/)?">"#, in: picker)
            .map { Int($0[1]) ?? 1 }
        #expect(picked == (1...pages).filter { $0 != 13 }, "\(language): every other page in the picker")
        #expect(html.contains("<span class=\"order-current\" aria-current=\"page\">A–Z</span>"))
        #expect(html.contains("href=\"/\(prefix)characters/most-episodes/\""))
    }

    @Test func theMostEpisodesIndexPutsTheMostSeenFirst() async throws {
        let raw = try Self.raw.get()
        let expected = raw.characterIDs.map { ($0, raw.episodesOf[$0]?.count ?? 0) }.sorted { ($1.1, $0.0) < ($0.1, $1.0) }
        for prefix in ["", "fr/"] {
            let (cards, pages) = try await Self.index("\(prefix)characters/most-episodes/")
            #expect(pages == 42)
            #expect(cards.map(\.id) == expected.map(\.0), "\(prefix): most episodes first, ties by id")
            #expect(cards.map { Int($0.count.prefix { $0.isNumber }) ?? -1 } == expected.map(\.1), "\(prefix): the counts")
        }
        let (api, _) = try await Self.index("characters/")
        #expect(api.map(\.id) == raw.characterIDs, "the API's order stays at /characters/")
        #expect(api.allSatisfy { $0.count.isEmpty })
    }
}
