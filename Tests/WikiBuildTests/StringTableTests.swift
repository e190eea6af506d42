import Foundation
import TestSupport
@testable import RickAndMortyAPI
import Testing
@testable import WikiBuild
@testable import WikiModel

@Suite struct StringTableTests {
    @Test func everyTableHasExactlyTheSameKeys() throws {
        let theme = try Theme(templatesDirectory: ProjectTheme.templates, publicDirectory: ProjectTheme.publicFolder)
        #expect(theme.languages.map(\.code) == ["en", "fr"])
        let reference = Set(theme.languages[0].strings.entries.keys)
        for language in theme.languages.dropFirst() {
            #expect(Set(language.strings.entries.keys) == reference, "\(language.code)")
        }
    }

    @Test func everyTemplateStringExistsInTheTables() throws {
        let theme = try Theme(templatesDirectory: ProjectTheme.templates, publicDirectory: ProjectTheme.publicFolder)
        let keys = Set(theme.languages[0].strings.entries.keys)
        let expression = try NSRegularExpression(pattern: #"\{\{t\.([a-z_]+)\}\}"#)
        for file in try FileManager.default.subpathsOfDirectory(atPath: ProjectTheme.templates.path) where file.hasSuffix(".mustache") {
            let text = try String(contentsOf: ProjectTheme.templates.appendingPathComponent(file), encoding: .utf8)
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let key = (text as NSString).substring(with: match.range(at: 1))
                #expect(keys.contains(key), "\(file) uses t.\(key), which no table has")
            }
        }
    }

    /// A copy of the project's templates under another name than `Templates`, as `--templates` allows,
    /// with `keys` removed from the tables of `locales`.
    func themeCopy(removing keys: [String], from locales: [String]) throws -> URL {
        let templates = try SharedFixtures.temporaryDirectory().appendingPathComponent("my-theme")
        try FileManager.default.copyItem(at: ProjectTheme.templates, to: templates)
        for locale in locales {
            let file = templates.appendingPathComponent("locales/\(locale).json")
            var table = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: file))
            for key in keys { table[key] = nil }
            try JSONEncoder().encode(table).write(to: file)
        }
        return templates
    }

    @Test func aTableMissingAKeyFailsTheBuildNamingKeyLocaleAndTheRealFile() throws {
        let templates = try themeCopy(removing: ["home_lead"], from: ["fr"])
        #expect {
            try Theme(templatesDirectory: templates, publicDirectory: ProjectTheme.publicFolder)
        } throws: { error in
            String(describing: error) == "missing string 'home_lead' in locale 'fr': add it to "
                + templates.appendingPathComponent("locales/fr.json").path + " (it is in 'en')"
        }
    }

    /// A key every table lacks passes the same-keys check and is found while pages are made: the message
    /// still names the table in the folder `--templates` gave, not `Templates/`.
    @Test func aStringMissingFromEveryTableNamesTheTableInTheTemplatesFolderUsed() async throws {
        let templates = try themeCopy(removing: ["info_species"], from: ["en", "fr"])
        let output = try SharedFixtures.temporaryDirectory().appendingPathComponent("site")
        let settings = SiteBuild.Settings(
            templates: templates, publicFolder: ProjectTheme.publicFolder, output: output,
            cache: output.deletingLastPathComponent().appendingPathComponent("cache"), configuration: try SiteConfiguration())
        await #expect {
            try await SiteBuild(settings: settings, data: .records(SmallWorld.snapshot, avatars: [:], history: ChangeHistory())).run()
        } throws: { error in
            let text = String(describing: error)
            return text.hasPrefix("missing string 'info_species' in locale '")
                && (text.hasSuffix(templates.appendingPathComponent("locales/en.json").path)
                    || text.hasSuffix(templates.appendingPathComponent("locales/fr.json").path))
                && !text.contains("Templates/")
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func addingALanguageIsOneTableAndOneLine() async throws {
        let folder = try SharedFixtures.temporaryDirectory()
        let templates = folder.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: ProjectTheme.templates, to: templates)
        let locales = templates.appendingPathComponent("locales")
        try FileManager.default.copyItem(at: locales.appendingPathComponent("en.json"), to: locales.appendingPathComponent("de.json"))
        try Data(#"{"locales": [{"code": "en", "folder": ""}, {"code": "fr", "folder": "fr"}, {"code": "de", "folder": "de"}]}"#.utf8)
            .write(to: locales.appendingPathComponent("locales.json"))
        let theme = try Theme(templatesDirectory: templates, publicDirectory: ProjectTheme.publicFolder)
        #expect(theme.languages.map(\.folder) == ["", "fr", "de"])
    }

    @Test func aBadLocaleListIsCalledOneNotAStringTable() throws {
        let folder = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: ProjectTheme.templates, to: templates)
        try Data(#"{"locales": [{"code": "fr", "folder": "fr"}]}"#.utf8)
            .write(to: templates.appendingPathComponent("locales/locales.json"))
        do {
            _ = try Theme(templatesDirectory: templates, publicDirectory: ProjectTheme.publicFolder)
            Issue.record("a locale list without a language at the root was accepted")
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix("locale list ") && message.contains("locales.json"), "\(message)")
            #expect(message.contains("the first locale must have an empty folder"), "\(message)")
            #expect(!message.contains("string table"), "\(message)")
        }
    }
}
