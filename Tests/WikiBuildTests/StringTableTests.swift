import Foundation
import TestSupport
import Testing
@testable import WikiBuild

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

    @Test func aTableMissingAKeyFailsTheBuildNamingKeyAndLocale() throws {
        let folder = try SharedFixtures.temporaryDirectory()
        let templates = folder.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: ProjectTheme.templates, to: templates)
        let french = templates.appendingPathComponent("locales/fr.json")
        var table = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: french))
        table["home_lead"] = nil
        try JSONEncoder().encode(table).write(to: french)
        #expect {
            try Theme(templatesDirectory: templates, publicDirectory: ProjectTheme.publicFolder)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("'home_lead'") && text.contains("'fr'") && text.contains("Templates/locales/fr.json")
        }
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
}
