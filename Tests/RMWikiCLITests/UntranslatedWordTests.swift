import Foundation
import TestSupport
import Testing
@testable import RMWikiCLI
@testable import WikiBuild

/// Words the data brings that a string table does not translate (the 2018 API's species "Mytholog", "Vampire",
/// "Parasite"): one warning line each, even with `--quiet`; with `--strict`, exit 4 and nothing published.
@Suite struct UntranslatedWordTests {
    /// The quiet demo build's arguments with `records` as the local records `content/data/<file>` in `work`, and
    /// where it publishes.
    static func build(in work: URL, _ file: String, _ records: String) throws -> (arguments: [String], output: URL) {
        let output = work.appendingPathComponent("site")
        let data = work.appendingPathComponent("content/data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data(records.utf8).write(to: data.appendingPathComponent(file))
        return (["build", "--demo", "--quiet", "--content", work.appendingPathComponent("content").path,
                 "--output", output.path, "--templates", ProjectTheme.templates.path, "--public", ProjectTheme.publicFolder.path], output)
    }

    @Test func threeNewSpeciesWarnThreeTimesAndStrictPublishesNothing() async throws {
        let work = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        // Corrections of three demo characters: the species the API served in 2018.
        let (build, output) = try Self.build(
            in: work, "characters.json", #"[{"id": 1, "species": "Mytholog"}, {"id": 2, "species": "Vampire"}, {"id": 3, "species": "Parasite"}]"#)
        let table = ProjectTheme.templates.appendingPathComponent("locales/fr.json").path

        let strict = await ConsoleRecorder.run(build + ["--strict"])
        #expect(strict.code == ExitCode.templateError.rawValue, "\(strict.err)")
        #expect(strict.err.hasPrefix("rmwiki: build failed: 3 words of the data have no translation (--strict), nothing was published:\n"),
                "\(strict.err)")
        for species in ["Mytholog", "Parasite", "Vampire"] {
            #expect(strict.err.contains("species \"\(species)\" has no fr translation ("), "\(species): \(strict.err)")
            #expect(strict.err.contains("add \"term_species_\(species)\" to "), "\(species)")
        }
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing was published")

        let warned = await ConsoleRecorder.run(build)
        #expect(warned.code == ExitCode.success.rawValue, "\(warned.err)")
        let lines = warned.err.split(separator: "\n").filter { $0.contains("has no fr translation") }
        #expect(lines.count == 3, "one line per word, printed with --quiet: \(warned.err)")
        let mytholog = try #require(lines.first { $0.contains("\"Mytholog\"") })
        // Its page, its species' page, and the lists, search and statistics that show it.
        let pages = try #require(Int(String(mytholog.split(separator: "(")[1].prefix { $0.isNumber })))
        #expect(pages >= 3, "\(mytholog)")
        #expect(mytholog.hasSuffix("add \"term_species_Mytholog\" to \(ProjectTheme.templates.appendingPathComponent("locales/en.json").path), \(table)"),
                "\(mytholog)")
        let page = try String(contentsOf: output.appendingPathComponent("fr/characters/1/index.html"), encoding: .utf8)
        #expect(page.contains("Mytholog"), "shown as the data gives it")
    }

    /// A dimension said in words ("Replacement Dimension") is translated whole; one the table lacks warns as a species
    /// does. A code name ("Dimension Q-9") is a name, the same in French, and warns about nothing.
    @Test func aDimensionSaidInWordsIsTranslatedOrWarned() async throws {
        let work = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        // Anatomy Park moves to a dimension no table knows, Gromflom Prime to one named by its code; Earth
        // (Replacement Dimension) keeps the demo's.
        let (build, output) = try Self.build(
            in: work, "locations.json", #"[{"id": 3, "dimension": "Wormhole Dimension"}, {"id": 5, "dimension": "Dimension Q-9"}]"#)

        let strict = await ConsoleRecorder.run(build + ["--strict"])
        #expect(strict.code == ExitCode.templateError.rawValue, "\(strict.err)")
        #expect(strict.err.contains("dimension \"Wormhole Dimension\" has no fr translation ("), "\(strict.err)")
        #expect(strict.err.contains("add \"term_dimension_Wormhole Dimension\" to "), "\(strict.err)")
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing was published")

        let warned = await ConsoleRecorder.run(build)
        #expect(warned.code == ExitCode.success.rawValue, "\(warned.err)")
        let lines = warned.err.split(separator: "\n").filter { $0.contains("has no fr translation") }
        #expect(lines.count == 1 && lines.first?.contains("\"Wormhole Dimension\"") == true, "\(warned.err)")
        let park = try String(contentsOf: output.appendingPathComponent("fr/locations/3/index.html"), encoding: .utf8)
        #expect(park.contains(">Wormhole Dimension</a>"), "shown as the data gives it")
        let earth = try String(contentsOf: output.appendingPathComponent("fr/locations/2/index.html"), encoding: .utf8)
        #expect(earth.contains(">Dimension de remplacement</a>"), "translated whole")
        let dimension = try String(contentsOf: output.appendingPathComponent("fr/dimensions/replacement-dimension/index.html"), encoding: .utf8)
        #expect(dimension.contains("<title>Dimension de remplacement\u{202F}: lieux et personnages"), "not “Dimension : Dimension de remplacement”")
        let coded = try String(contentsOf: output.appendingPathComponent("fr/dimensions/dimension-q-9/index.html"), encoding: .utf8)
        #expect(coded.contains("<h1>Dimension Q-9</h1>"))
    }

    @Test func aTranslatedWordNeedsNoWarning() async throws {
        // The same data with the words in the tables builds quietly.
        let theme = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: theme) }
        let templates = theme.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: ProjectTheme.templates, to: templates)
        for (locale, word) in [("en", "Vampire"), ("fr", "Vampire")] {
            let url = templates.appendingPathComponent("locales/\(locale).json")
            var table = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: String])
            table["term_species_Vampire"] = word
            try JSONSerialization.data(withJSONObject: table).write(to: url)
        }
        let data = theme.appendingPathComponent("content/data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data(#"[{"id": 2, "species": "Vampire"}]"#.utf8).write(to: data.appendingPathComponent("characters.json"))
        let result = await ConsoleRecorder.run([
            "build", "--demo", "--quiet", "--strict", "--content", theme.appendingPathComponent("content").path,
            "--output", theme.appendingPathComponent("site").path, "--templates", templates.path,
            "--public", ProjectTheme.publicFolder.path,
        ])
        #expect(result.code == ExitCode.success.rawValue && result.err.isEmpty, "\(result.err)")
    }
}
