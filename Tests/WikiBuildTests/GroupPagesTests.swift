import Foundation
import TestSupport
import Testing

/// The pages of dimensions, species, types and seasons on the whole real dataset, in both languages: every
/// count and list they show is recomputed here from the raw JSON (with the data layer's rule that a link stated
/// by either side holds for both), without the project's graph. Reads the site `FanReadingTests` builds.
@Suite(.tags(.fullData, .process), .skippable(.fullData, .process),
       .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)),
       .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
struct GroupPagesTests {
    static let pageSize = 20

    /// The raw data, as ids and the facts the group pages are about.
    struct Raw {
        var characters: [[String: Any]] = []
        var locations: [[String: Any]] = []
        var episodes: [[String: Any]] = []
        var residents: [Int: Set<Int>] = [:]
        var natives: [Int: Set<Int>] = [:]
        var episodesOf: [Int: Set<Int>] = [:]
        var castOf: [Int: Set<Int>] = [:]

        init() throws {
            characters = try SharedSnapshot.raw("characters.json")
            locations = try SharedSnapshot.raw("locations.json")
            episodes = try SharedSnapshot.raw("episodes.json")
            for location in locations {
                let id = Self.id(location)
                for url in location["residents"] as? [String] ?? [] { residents[id, default: []].insert(Self.tail(url) ?? 0) }
            }
            for episode in episodes {
                let id = Self.id(episode)
                for url in episode["characters"] as? [String] ?? [] {
                    castOf[id, default: []].insert(Self.tail(url) ?? 0)
                    episodesOf[Self.tail(url) ?? 0, default: []].insert(id)
                }
            }
            for character in characters {
                let id = Self.id(character)
                if let place = Self.tail((character["location"] as? [String: Any])?["url"]) { residents[place, default: []].insert(id) }
                if let origin = Self.tail((character["origin"] as? [String: Any])?["url"]) { natives[origin, default: []].insert(id) }
                for url in character["episode"] as? [String] ?? [] {
                    episodesOf[id, default: []].insert(Self.tail(url) ?? 0)
                    castOf[Self.tail(url) ?? 0, default: []].insert(id)
                }
            }
        }

        static func tail(_ url: Any?) -> Int? { StatisticsTests.tail(url) }
        static func id(_ record: [String: Any]) -> Int { tail(record["url"]) ?? 0 }

        /// Character ids by the value of one of their fields, empty values left out.
        func characters(by field: String) -> [String: [Int]] {
            var groups: [String: [Int]] = [:]
            for character in characters {
                let value = character[field] as? String ?? ""
                if !value.isEmpty { groups[value, default: []].append(Self.id(character)) }
            }
            return groups.mapValues { $0.sorted() }
        }

        static func season(_ episode: [String: Any]) -> Int? {
            let code = episode["episode"] as? String ?? ""
            return code.hasPrefix("S") ? Int(code.dropFirst().prefix(2)) : nil
        }
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] { AccessibilityTests.matches(pattern, in: text) }

    static func decoded(_ text: String) -> String {
        text.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The index's entries, name → the first page's path (`dimensions/replacement-dimension/`).
    static func entries(_ output: URL, _ index: String, prefix: String = "") throws -> [String: String] {
        let html = try BuildFixture.text(output, prefix + index + "index.html")
        let rows = matches(#"<li><a href="/\#(prefix)(\#(index)[^"]+/)">([^<]*)</a> <span class="result-meta">"#, in: html)
        return Dictionary(rows.map { (decoded($0[2]), $0[1]) }, uniquingKeysWith: { first, _ in first })
    }

    /// A group's pages in order: its first page, then `page/2/`, … as far as they go.
    static func pages(_ output: URL, _ first: String) -> [String] {
        var pages = [first + "index.html"]
        while FileManager.default.fileExists(atPath: output.appendingPathComponent("\(first)page/\(pages.count + 1)/index.html").path) {
            pages.append("\(first)page/\(pages.count + 1)/index.html")
        }
        return pages
    }

    static func cards(_ html: String) -> [Int] {
        matches(#"<a class="card-link" href="/(?:fr/)?characters/(\d+)/">"#, in: html).compactMap { Int($0[1]) }
    }

    static func fact(_ label: String, _ html: String) -> Int? {
        matches(#"<dt>\#(label)</dt><dd>(?:<a href="[^"]*">)?([^<]*)(?:</a>)?</dd>"#, in: html).first.flatMap { Int($0[1]) }
    }

    /// The cards of every page of a group, checking on the way that each page holds at most 20 and that the
    /// pages are as many as the list needs.
    static func cardsOfEveryPage(_ output: URL, _ first: String, count: Int, section: String? = nil) throws -> [Int] {
        let pages = pages(output, first)
        #expect(pages.count == max(1, (count + pageSize - 1) / pageSize), "\(first): \(pages.count) pages for \(count)")
        return try pages.flatMap { page in
            var html = try BuildFixture.text(output, page)
            if let section { html = html.components(separatedBy: section).dropFirst().first ?? "" }
            let cards = Self.cards(html)
            #expect(cards.count <= pageSize, "\(page): \(cards.count) cards")
            return cards
        }
    }

    @Test func dimensionsListTheirLocationsResidentsAndNatives() async throws {
        let output = try await FullSite.built().output
        let raw = try Raw()
        var locationsByDimension: [String: [Int]] = [:]
        for location in raw.locations { locationsByDimension[location["dimension"] as? String ?? "", default: []].append(Raw.id(location)) }
        #expect(locationsByDimension.count == 34, "34 distinct values, \"unknown\" and the empty one among them")
        let known = locationsByDimension.filter { !$0.key.isEmpty && $0.key.lowercased() != "unknown" }
        #expect(known.count == 32)

        // A dimension named by its code is data; one said in words ("Replacement Dimension") French says in French.
        let french = try JSONSerialization.jsonObject(
            with: Data(contentsOf: ProjectTheme.templates.appendingPathComponent("locales/fr.json"))) as? [String: String] ?? [:]
        for prefix in ["", "fr/"] {
            let entries = try Self.entries(output, "dimensions/", prefix: prefix)
            func shown(_ name: String) -> String { prefix.isEmpty ? name : french["term_dimension_\(name)"] ?? name }
            #expect(Set(entries.keys) == Set(known.keys.map(shown)), "\(prefix)dimensions/")
            for (name, locations) in known {
                let path = try #require(entries[shown(name)], "\(prefix): no page for \(name)")
                let residents = locations.reduce(into: Set<Int>()) { $0.formUnion(raw.residents[$1] ?? []) }
                let natives = locations.reduce(into: Set<Int>()) { $0.formUnion(raw.natives[$1] ?? []) }
                let first = try BuildFixture.text(output, prefix + path + "index.html")
                let labels = prefix.isEmpty ? ("Locations", "Residents", "Natives") : ("Lieux", "Résidents", "Originaires")
                #expect(Self.fact(labels.0, first) == locations.count, "\(prefix)\(path)")
                #expect(Self.fact(labels.1, first) == residents.count, "\(prefix)\(path)")
                // The natives' count links to where their list starts.
                let nativesFact = Self.matches(#"<dt>\#(labels.2)</dt><dd>(?:<a href="/([^"]*)">)?(\d+)(?:</a>)?</dd>"#, in: first).first
                #expect(nativesFact.flatMap { Int($0[2]) } == natives.count, "\(prefix)\(path)")
                if natives.isEmpty {
                    #expect(nativesFact?[1].isEmpty ?? false, "\(prefix)\(path): no link to nobody")
                } else {
                    let target = nativesFact?[1].components(separatedBy: "#")
                    #expect(target?.last == "natives-heading", "\(prefix)\(path)")
                    let html = try BuildFixture.text(output, (target?.first ?? "") + "index.html")
                    #expect(html.contains("id=\"natives-heading\""), "\(prefix)\(path): the link leads to the natives")
                }
                // The locations, each with its own counts.
                let section = first.components(separatedBy: "id=\"locations-heading\"").dropFirst().first?
                    .components(separatedBy: "</section>").first ?? ""
                let rows = Self.matches(#"<li><a href="/(?:fr/)?locations/(\d+)/">[^<]*</a> <span class="result-meta">[^<]*\u00A0· (\d+) [^<·]*\u00A0· (\d+) [^<]*</span>"#, in: section)
                #expect(Set(rows.compactMap { Int($0[1]) }) == Set(locations), "\(prefix)\(path)")
                for row in rows {
                    let id = Int(row[1]) ?? 0
                    #expect(Int(row[2]) == raw.residents[id]?.count ?? 0 && Int(row[3]) == raw.natives[id]?.count ?? 0,
                            "\(prefix)\(path): location \(id)")
                }
                // Everyone living there, then everyone from there, 20 cards a page over both lists.
                let shown = try Self.cardsOfEveryPage(output, prefix + path, count: residents.count + natives.count)
                #expect(shown == residents.sorted() + natives.sorted(), "\(prefix)\(path): residents, then natives, once each")
                let shownNatives = try Self.pages(output, prefix + path).flatMap { page in
                    Self.cards(try BuildFixture.text(output, page).components(separatedBy: "id=\"natives-heading\"").dropFirst().first ?? "")
                }
                #expect(shownNatives == natives.sorted(), "\(prefix)\(path): every native linked under Natives")
            }
            // Each location links to its dimension's page, or names an unknown one as text.
            if prefix.isEmpty {
                for location in raw.locations {
                    let html = try BuildFixture.text(output, "locations/\(Raw.id(location))/index.html")
                    let dd = Self.matches(#"<dt>Dimension</dt><dd>(.*?)</dd>"#, in: html).first?[1] ?? ""
                    let dimension = location["dimension"] as? String ?? ""
                    let expected = entries[dimension].map { "<a href=\"/\($0)\">" }
                    #expect(expected.map { dd.hasPrefix($0) } ?? !dd.contains("<a "), "locations/\(Raw.id(location)): \(dd)")
                }
            }
        }
    }

    @Test func speciesSharedTypesAndStatusesListTheirCharacters() async throws {
        let output = try await FullSite.built().output
        let raw = try Raw()
        let species = raw.characters(by: "species")
        let types = raw.characters(by: "type")
        #expect(species.count == 10)
        #expect(types.count == 169)
        let shared = types.filter { $0.value.count >= 2 }
        #expect(shared.count == 62, "the types two or more characters share get a page, the other 107 stay text")

        let statuses = raw.characters(by: "status")
        #expect(Set(statuses.keys) == ["Alive", "Dead", "unknown"])

        // English shows the API's "unknown" as a label, capitalised; the data keeps its word.
        let shown = { (name: String) in name == "unknown" ? "Unknown" : name }
        let speciesPaths = try Self.entries(output, "species/")
        let typePaths = try Self.entries(output, "types/")
        let statusPaths = try Self.entries(output, "statuses/")
        #expect(Set(speciesPaths.keys) == Set(species.keys.map(shown)))
        #expect(Set(typePaths.keys) == Set(shared.keys))
        #expect(statusPaths == ["Alive": "statuses/alive/", "Dead": "statuses/dead/", "Unknown": "statuses/unknown/"])
        for prefix in ["", "fr/"] {
            #expect(try Self.entries(output, "species/", prefix: prefix).count == 10)
            #expect(try Self.entries(output, "types/", prefix: prefix).count == 62)
            #expect(try Self.entries(output, "statuses/", prefix: prefix).count == 3)
            for (groups, paths) in [(species, speciesPaths), (shared, typePaths), (statuses, statusPaths)] {
                for (name, members) in groups {
                    let path = try #require(paths[shown(name)])
                    let first = try BuildFixture.text(output, prefix + path + "index.html")
                    #expect(Self.fact(prefix.isEmpty ? "Characters" : "Personnages", first) == members.count, "\(prefix)\(path)")
                    #expect(try Self.cardsOfEveryPage(output, prefix + path, count: members.count) == members, "\(prefix)\(path)")
                }
            }
        }

        // Character pages link their species, shared type and status to those pages, and gender to the search
        // page with that filter set (the filter's positions: Female, Male, Genderless, unknown).
        for character in raw.characters {
            let id = Raw.id(character)
            let html = try BuildFixture.text(output, "characters/\(id)/index.html")
            func link(_ label: String) -> String? {
                Self.matches(#"\#(label)</dt>\s*<dd><a href="([^"]*)">"#, in: html).first?[1]
            }
            let type = character["type"] as? String ?? ""
            #expect(link("Species") == speciesPaths[shown(character["species"] as? String ?? "")].map { "/" + $0 }, "characters/\(id)")
            #expect(link("Type") == typePaths[type].map { "/" + $0 }, "characters/\(id): \(type)")
            let gender = ["Female", "Male", "Genderless", "unknown"].firstIndex(of: character["gender"] as? String ?? "")
            #expect(link("Status") == statusPaths[shown(character["status"] as? String ?? "")].map { "/" + $0 }, "characters/\(id)")
            #expect(link("Gender") == gender.map { "/search/?gender=\($0)" }, "characters/\(id)")
        }
    }

    @Test func seasonsListTheirEpisodesCastAndDebuts() async throws {
        let output = try await FullSite.built().output
        let raw = try Raw()
        var episodesBySeason: [Int: [(number: Int, id: Int)]] = [:]
        var seasonOf: [Int: Int] = [:]
        for episode in raw.episodes {
            guard let season = Raw.season(episode) else { continue }
            let code = episode["episode"] as? String ?? ""
            episodesBySeason[season, default: []].append((Int(code.suffix(2)) ?? 0, Raw.id(episode)))
            seasonOf[Raw.id(episode)] = season
        }
        #expect(episodesBySeason.keys.sorted() == [1, 2, 3, 4, 5])
        // A debut: the character's first episode (lowest id, as its page's "First seen in") is in the season.
        var debuts: [Int: [Int]] = [:]
        for character in raw.characters {
            let id = Raw.id(character)
            if let first = raw.episodesOf[id]?.min(), let season = seasonOf[first] { debuts[season, default: []].append(id) }
        }
        let seasonPaths = try Self.entries(output, "seasons/")
        for (season, episodes) in episodesBySeason {
            let ordered = episodes.sorted { ($0.number, $0.id) < ($1.number, $1.id) }.map(\.id)
            let cast = ordered.reduce(into: Set<Int>()) { $0.formUnion(raw.castOf[$1] ?? []) }
            let debuted = (debuts[season] ?? []).sorted()
            let returning = cast.subtracting(debuted).sorted()
            #expect(Set(debuted).isSubset(of: cast))
            #expect(seasonPaths["Season \(season)"] == "seasons/\(season)/")
            for prefix in ["", "fr/"] {
                let path = prefix + "seasons/\(season)/"
                let first = try BuildFixture.text(output, path + "index.html")
                let english = prefix.isEmpty
                #expect(Self.fact(english ? "Episodes" : "Épisodes", first) == ordered.count, "\(path)")
                #expect(Self.fact(english ? "Characters" : "Personnages", first) == cast.count, "\(path)")
                #expect(Self.fact(english ? "First appearances" : "Premières apparitions", first) == debuted.count, "\(path)")
                let episodeSection = first.components(separatedBy: "id=\"season-episodes-heading\"").dropFirst().first?
                    .components(separatedBy: "</section>").first ?? ""
                let listed = Self.matches(#"<a class="episode-name" href="/(?:fr/)?episodes/(\d+)/">"#, in: episodeSection).compactMap { Int($0[1]) }
                #expect(listed == ordered, "\(path): the season's episodes in code order")
                let everyone = try Self.cardsOfEveryPage(output, path, count: cast.count)
                #expect(everyone == debuted + returning, "\(path): the debuts, then everyone back from earlier seasons")
                if english {
                    var shownDebuts: [Int] = [], shownReturning: [Int] = []
                    for page in Self.pages(output, path) {
                        let html = try BuildFixture.text(output, page)
                        let parts = html.components(separatedBy: "<h3>Back from earlier seasons")
                        shownDebuts += Self.cards(html.contains("<h3 id=\"season-debuts-heading\">First appearances") ? parts[0] : "")
                        shownReturning += Self.cards(parts.count > 1 ? parts[1] : "")
                    }
                    #expect(shownDebuts == debuted, "\(path): debuts")
                    #expect(shownReturning == returning, "\(path): returning")
                }
            }
        }
        // Every episode page names its season with a link.
        for episode in raw.episodes {
            let html = try BuildFixture.text(output, "episodes/\(Raw.id(episode))/index.html")
            let season = try #require(Raw.season(episode))
            let link = "<dt>Season</dt><dd><a href=\"/seasons/\(season)/\">Season \(season)</a></dd>"
            #expect(html.contains(link), "episodes/\(Raw.id(episode))")
        }
    }

    @Test func groupPagesAreInTheSitemapAndTheSearchIndex() async throws {
        let output = try await FullSite.built().output
        let checker = SiteChecker(root: output)
        let groupPages = try checker.pages().filter { page in
            ["dimensions/", "species/", "types/", "seasons/"].contains { page.hasPrefix($0) || page.hasPrefix("fr/" + $0) }
        }
        let sitemap = try BuildFixture.text(output, "sitemap.xml")
        let listed = Set(Self.matches("<loc>([^<]*)</loc>", in: sitemap).map { $0[1] })
        let missing = groupPages.filter { !listed.contains("/" + $0.dropLast("index.html".count)) }
        #expect(missing.isEmpty, "\(missing.count) pages not in the sitemap, e.g. \(missing.prefix(3))")
        #expect(groupPages.filter { $0.hasPrefix("fr/") }.count * 2 == groupPages.count, "the same pages in both languages")

        for prefix in ["", "fr/"] {
            let index = try BuildFixture.text(output, prefix + "search/index.json")
            let object = try JSONSerialization.jsonObject(with: Data(index.utf8)) as? [String: Any] ?? [:]
            let groups = object["groups"] as? [[Any]] ?? []
            let paths = groups.compactMap { $0.first as? String }
            // Each group's first page once, and no other page: every page one folder down in a folder the index
            // lists groups of (`species/human/`, not `species/human/page/2/`).
            let folders = Set(paths.compactMap { $0.split(separator: "/").first.map(String.init) })
            #expect(folders.isSuperset(of: ["dimensions", "species", "types", "seasons"]), "\(folders.sorted())")
            let firstPages = try checker.pages().compactMap { page -> String? in
                let parts = page.dropFirst(prefix.count).split(separator: "/")
                guard page.hasPrefix(prefix), parts.count == 3, folders.contains(String(parts[0])) else { return nil }
                return "\(parts[0])/\(parts[1])/"
            }
            #expect(Set(paths) == Set(firstPages), "\(Set(paths).symmetricDifference(firstPages).prefix(5))")
            #expect(paths.count == Set(paths).count, "each group once")
        }
        // Reachable from every page: the footer links the four indexes.
        let home = try BuildFixture.text(output, "fr/index.html")
        for index in ["dimensions", "species", "types", "seasons"] { #expect(home.contains("href=\"/fr/\(index)/\"")) }
    }
}
