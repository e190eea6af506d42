import Foundation
import TestSupport
import Testing
@testable import WikiBuild

/// Names in the reader's language: the `title` of `episodes/<id>.fr.md` (or of a character's or a location's file)
/// names the record on every French page, the data's name stays beside it on its own page and in the search, and
/// English pages do not change.
@Suite struct ContentNameTests {
    /// Three episodes, a character and a location of the demo, and the French names a content folder gives them
    /// (the test's own words). `folder` is the content folder's and the site's (`episodes/1/`); `row` the search
    /// index's list and its length without a second name.
    static let names = [
        (folder: "episodes", id: 1, english: "Pilot", french: "Le Grand Départ", row: ("episodes", 5)),
        (folder: "episodes", id: 2, english: "Lawnmower Dog", french: "Le Chien savant", row: ("episodes", 5)),
        (folder: "episodes", id: 4, english: "A Rickle in Time", french: "Le Temps en miettes", row: ("episodes", 5)),
        (folder: "characters", id: 7, english: "Scary Terry", french: "Terry le Terrible", row: ("characters", 11)),
        (folder: "locations", id: 4, english: "Citadel of Ricks", french: "Citadelle des Rick", row: ("locations", 5)),
    ]

    /// The same folder with and without the names: an English home page linking the episodes by their names, a French
    /// one by both languages' names and by id, a synopsis in both languages, and a French file holding only a name.
    static func files(named: Bool) -> [String: String] {
        func title(_ folder: String, _ id: Int) -> String {
            named ? "---\ntitle: \(names.first { $0.folder == folder && $0.id == id }?.french ?? "")\n---\n" : ""
        }
        return [
            "home.md": "Watch [[Pilot]], [[Lawnmower Dog]] and [[episode:4]]; meet [[Scary Terry]].\n",
            "home.fr.md": "Regardez [[Pilot]], [[\(named ? "Le Chien savant" : "Lawnmower Dog")]] et [[episode:4]] ; "
                + "voyez [[\(named ? "Terry le Terrible" : "Scary Terry")]] et [[location:4]].\n",
            "episodes/1.md": "Rick wakes Morty; see also [[A Rickle in Time]].\n",
            "episodes/1.fr.md": title("episodes", 1) + "Rick réveille Morty ; voir aussi [[A Rickle in Time]].\n",
            "episodes/2.fr.md": title("episodes", 2),
            "episodes/4.fr.md": title("episodes", 4) + "Le temps se fige.\n",
            "characters/7.fr.md": title("characters", 7),
            "locations/4.fr.md": title("locations", 4),
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
            for record in Self.names {
                let own = path == "\(record.folder)/\(record.id)/index.html"
                if text.contains("/fr/\(record.folder)/\(record.id)/\"") || own {
                    shown += 1
                    #expect(text.contains(Self.escaped(record.french)), "fr/\(path) shows \(record.folder)/\(record.id) without its French name")
                }
                let english = text.components(separatedBy: Self.escaped(record.english)).count - 1
                let allowed = own || path == "search/index.json" ? 1 : 0
                #expect(english == allowed, "fr/\(path) shows \"\(record.english)\" \(english) times")
            }
        }
        #expect(shown > 40, "the French pages showing the five records: \(shown)")
        let page = try String(decoding: Data(contentsOf: named.appendingPathComponent("fr/episodes/1/index.html")), as: UTF8.self)
        #expect(page.contains("<h1>Le Grand Départ</h1>"))
        #expect(page.contains("<dt>Titre original</dt><dd lang=\"en\">Pilot</dd>"))
        let terry = try String(decoding: Data(contentsOf: named.appendingPathComponent("fr/characters/7/index.html")), as: UTF8.self)
        #expect(terry.contains("<h1>Terry le Terrible</h1>") && terry.contains("Nom original</dt>") && terry.contains("<dd lang=\"en\">Scary Terry</dd>"))
        let park = try String(decoding: Data(contentsOf: named.appendingPathComponent("fr/locations/4/index.html")), as: UTF8.self)
        #expect(park.contains("<h1>Citadelle des Rick</h1>") && park.contains("<dt>Nom original</dt><dd lang=\"en\">Citadel of Ricks</dd>"))
        // A file holding only a name is no synopsis: the page shows none, as before.
        let second = try String(decoding: Data(contentsOf: named.appendingPathComponent("fr/episodes/2/index.html")), as: UTF8.self)
        #expect(!second.contains("prose-heading"))
        // Links by either language's name or by code all show the page's name.
        let home = try String(decoding: Data(contentsOf: named.appendingPathComponent("fr/index.html")), as: UTF8.self)
        for name in ["Le Grand Départ", "Le Chien savant", "Terry le Terrible", "Citadelle des Rick"] { #expect(home.contains(">\(name)</a>"), "\(name)") }

        // Search: the French index holds both names of each; the English one, the English name alone.
        for record in Self.names {
            let (list, length) = record.row
            let nameColumn = list == "episodes" ? 2 : 1
            let frenchRow = try Self.rows(list, named.appendingPathComponent("fr/search/index.json"))[record.id]
            let englishRow = try Self.rows(list, named.appendingPathComponent("search/index.json"))[record.id]
            #expect(frenchRow?.count == length + 1 && frenchRow.map { [$0[nameColumn], $0.last] } == [record.french, record.english], "\(list) \(record.id)")
            #expect(englishRow?.count == length && englishRow?[nameColumn] == record.english, "\(list) \(record.id)")
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

    /// The rows of one list of a search index (`episodes`, `characters`), by id: each field as a string, nil for a number.
    static func rows(_ list: String, _ file: URL) throws -> [Int: [String?]] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let rows = json?[list] as? [[Any]] ?? []
        return Dictionary(rows.compactMap { row in (row.first as? Int).map { ($0, row.map { $0 as? String }) } }) { first, _ in first }
    }

    /// As HTML writes a name (an apostrophe would be escaped; these have none but stay honest).
    static func escaped(_ text: String) -> String { text.replacingOccurrences(of: "&", with: "&amp;") }
}
