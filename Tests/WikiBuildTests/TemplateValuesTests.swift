import Foundation
import Mustache
import RickAndMortyAPI
import TestSupport
import Testing
@testable import WikiBuild
@testable import WikiModel

/// Cards, rows, links and the busiest page models give the templates values built by hand
/// (`PageModel+MustacheConvertible.swift`) rather than through `Encoder`: they must be exactly what the
/// Codable form gives, key for key. Checked on every page of the real site in every language, with the page's
/// meta, navigation and language links; a nil is a `null` by hand and an absent key in JSON, the same to a template.
@Suite(.enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
struct TemplateValuesTests {
    @Test func handBuiltValuesAreTheCodableForms() throws {
        let theme = try Theme(templatesDirectory: ProjectTheme.templates, publicDirectory: ProjectTheme.publicFolder)
        let dataset = Dataset(try SharedSnapshot.load())
        let configuration = try SiteConfiguration(baseURL: "https://example.org/wiki/")
        let languages = try theme.languages.map { language in
            SiteLanguage(code: language.code, name: try language.strings("language_name"),
                         configuration: configuration.localized(folder: language.folder))
        }
        var checked = 0
        for (language, site) in zip(theme.languages, languages) {
            let model = try SiteModel(
                dataset: dataset, avatarExtensions: Dictionary(uniqueKeysWithValues: dataset.characters.map { ($0.id, "jpeg") }),
                configuration: site.configuration, strings: language.strings, languages: languages)
            for page in try model.pages() {
                #expect(try Self.handBuilt(page.content) == Self.codable(page.content), "\(language.code) \(page.route)")
                #expect(try Self.handBuilt(page.meta) == Self.codable(page.meta), "\(language.code) \(page.route)")
                #expect(try Self.handBuilt(page.navigation) == Self.codable(page.navigation))
                #expect(try Self.handBuilt(page.languages) == Self.codable(page.languages))
                checked += 1
            }
        }
        #expect(checked > 2_000)
    }

    static func handBuilt(_ value: some Encodable) throws -> MustacheValue {
        withoutNulls(try MustacheValue(encoding: value))
    }

    static func codable(_ value: some Encodable) throws -> MustacheValue {
        withoutNulls(try MustacheValue(json: [UInt8](JSONEncoder().encode(value))))
    }

    static func withoutNulls(_ value: MustacheValue) -> MustacheValue {
        switch value {
        case .object(let members): .object(members.filter { $0.value != .null }.mapValues(withoutNulls))
        case .array(let items): .array(items.map(withoutNulls))
        default: value
        }
    }
}
