import Foundation
import TestSupport
import Testing
@testable import WikiBuild

/// Episode names in the reader's language: the `title` of `episodes/<id>.fr.md` names the episode on every French
/// page, the data's name stays beside it on its own page and in the search, and English pages do not change.
@Suite struct ContentNameTests {
    /// Three episodes of the demo and the French names a content folder gives them (the test's own words).
    static let names = [
        (id: 1, english: "Pilot", french: "Le Grand Départ"),
        (id: 2, english: "Lawnmower Dog", french: "Le Chien savant"),
        (id: 4, english: "A Rickle in Time", french: "Le Temps en miettes"),
    ]

    /// The same folder with and without the names: an English home page linking the episodes by their names, a French
    /// one by both languages' names and by id, a synopsis in both languages, and a French file holding only a name.
    static func files(named: Bool) -> [String: String] {
        func title(_ id: Int) -> String {
            named ? "---\ntitle: \(names.first { $0.id == id }?.french ?? "")\n---\n" : ""
        }
        return [
            "home.md": "Watch [[Pilot]], [[Lawnmower Dog]] and [[episode:4]].\n",
            "home.fr.md": "Regardez [[Pilot]], [[\(named ? "Le Chien savant" : "Lawnmower Dog")]] et [[episode:4]].\n",
            "episodes/1.md": "Rick wakes Morty; see also [[A Rickle in Time]].\n",
            "episodes/1.fr.md": title(1) + "Rick réveille Morty ; voir aussi [[A Rickle in Time]].\n",
            "episodes/2.fr.md": title(2),
            "episodes/4.fr.md": title(4) + "Le temps se fige.\n",
        ]
    }

    @Test func frenchPagesShowTheFrenchNamesEnglishPagesAreUnchangedAndSearchFindsBoth() async throws {
        let named = try await ContentFixture(Self.files(named: true)).build().output
        let plain = try await ContentFixture(Self.files(named: false)).build().output
        defer { for output in [named, plain] { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) } }

        // Every French page (and the feed and search index) that shows one of the episodes shows its French name;
        // the English name is left only beside it on the episode's own page, as its original title, and in the
        // search index as a second name.
        let french = try Self.files(under: named.appendingPathComponent("fr"))
        var shown = 0
        for (path, text) in french {
            for episode in Self.names {
                let own = path == "episodes/\(episode.id)/index.html"
                if text.contains("/fr/episodes/\(episode.id)/\"") || own {
                    shown += 1
                    #expect(text.contains(Self.escaped(episode.french)), "fr/\(path) shows episode \(episode.id) without its French name")
                }
                let english = text.components(separatedBy: Self.escaped(episode.english)).count - 1
                let allowed = own ? 1 : path == "search/index.json" ? 1 : 0
                #expect(english == allowed, "fr/\(path) shows \"\(episode.english)\" \(english) times")
            }
        }
        #expect(shown > 30, "the French pages showing the three episodes: \(shown)")
        let page = try String(decoding: Data(contentsOf: named.appendingPathComponent("fr/episodes/1/index.html")), as: UTF8.self)
        #expect(page.contains("<h1>Le Grand Départ</h1>"))
        #expect(page.contains("<dt>Titre original</dt><dd lang=\"en\">Pilot</dd>"))
        // A file holding only a name is no synopsis: the page shows none, as before.
        let second = try String(decoding: Data(contentsOf: named.appendingPathComponent("fr/episodes/2/index.html")), as: UTF8.self)
        #expect(!second.contains("prose-heading"))
        // Links by either language's name or by code all show the page's name.
        let home = try String(decoding: Data(contentsOf: named.appendingPathComponent("fr/index.html")), as: UTF8.self)
        for name in ["Le Grand Départ", "Le Chien savant"] { #expect(home.contains(">\(name)</a>")) }

        // Search: the French index holds both names of each; the English one, the English name alone.
        let frenchIndex = try Self.episodeRows(named.appendingPathComponent("fr/search/index.json"))
        let englishIndex = try Self.episodeRows(named.appendingPathComponent("search/index.json"))
        for episode in Self.names {
            #expect(frenchIndex[episode.id].map { [$0[2], $0.last] } == [episode.french, episode.english])
            #expect(englishIndex[episode.id]?.count == 5 && englishIndex[episode.id]?[2] == episode.english)
        }

        // English pages, feed and search index are byte for byte those of the same folder without the names (the
        // offline lists and `sw.js` hold every page's hash, the French pages' too).
        func english(_ files: [String: String]) -> [String: String] {
            files.filter { !$0.key.hasPrefix("fr/") && ($0.key.hasSuffix(".html") || $0.key.hasSuffix(".xml") || $0.key == "search/index.json") }
        }
        let before = english(try Self.files(under: plain))
        let english = english(try Self.files(under: named))
        #expect(english.count == before.count)
        for (path, text) in english where before[path] != text { Issue.record("the English \(path) changed") }
    }

    /// The text files of a published site, by path.
    static func files(under root: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard ["html", "xml", "json", "js"].contains(url.pathExtension) else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files[path] = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        }
        return files
    }

    /// The episode rows of a search index, by id: each field as a string, nil for a number.
    static func episodeRows(_ file: URL) throws -> [Int: [String?]] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let rows = json?["episodes"] as? [[Any]] ?? []
        return Dictionary(rows.compactMap { row in (row.first as? Int).map { ($0, row.map { $0 as? String }) } }) { first, _ in first }
    }

    /// As HTML writes a name (an apostrophe would be escaped; these have none but stay honest).
    static func escaped(_ text: String) -> String { text.replacingOccurrences(of: "&", with: "&amp;") }
}
