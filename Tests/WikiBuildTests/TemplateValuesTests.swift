import Foundation
import Mustache
@testable import RickAndMortyAPI
import TestSupport
import Testing
@testable import WikiBuild
@testable import WikiModel

/// Cards, rows, links and the busiest page models give the templates values built by hand (beside each model in
/// WikiModel, see `TemplateValues.swift`) rather than through `Encoder`: they must be exactly what the
/// Codable form gives, key for key. Checked on every page of the real site in every language, with the page's
/// meta, navigation and language links. JSON leaves a nil out where the hand-built value has `null`, so the values
/// are compared without their nulls, and each hand-built object is checked on its own to have every stored
/// property as a key: a key left out would make the template look the name up in the enclosing objects (a card
/// without its `note` would show the page's). A stored template value (a card keeps the one it was made with) is the
/// object itself, not one of its keys: that it is the Codable form is the first check.
@Suite(.tags(.fullData), .skippable(.fullData), .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)))
struct TemplateValuesTests {
    @Test func handBuiltValuesAreTheCodableForms() throws {
        let theme = try Theme(templatesDirectory: ProjectTheme.templates, publicDirectory: ProjectTheme.publicFolder)
        let dataset = Dataset(try SharedSnapshot.load())
        let configuration = try SiteConfiguration(baseURL: "https://example.org/wiki/")
        let languages = try theme.languages.map { language in
            SiteLanguage(code: language.code, name: try language.strings("language_name"),
                         configuration: configuration.localized(folder: language.folder), notFound: nil)
        }
        // Prose, an article and "Mentioned in", so their hand-built values are held to their Codable forms too.
        let content = try ResolvedContent(SiteContent(texts: [
            .character(1): ["en": ContentDocument(file: "c.md", text: "---\nsummary: S\n---\nSee [[character:2]].")],
            .article("a"): ["fr": ContentDocument(file: "a.md", text: "# A\n## B\n## C\n[[character:1]]")],
        ]), dataset: dataset)
        var checked = 0
        for (language, site) in zip(theme.languages, languages) {
            let model = try SiteModel(
                dataset: dataset, avatarExtensions: Dictionary(uniqueKeysWithValues: dataset.characters.map { ($0.id, "jpeg") }),
                configuration: site.configuration, strings: language.strings, languages: languages, content: content)
            for page in try model.pages() {
                #expect(try Self.withoutNulls(page.content.templateValue()) == Self.codable(page.content),
                        "\(language.code) \(page.route)")
                #expect(Self.missingKeys(page.content, try page.content.templateValue()) == [],
                        "\(language.code) \(page.route)")
                #expect(Self.missingKeys(page.meta, page.meta.mustacheValue) == [])
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

    /// The stored properties of hand-built values that their object lacks, as paths (`page.cards[].note`).
    static func missingKeys(_ value: Any, _ built: MustacheValue, at path: String = "page") -> [String] {
        let mirror = Mirror(reflecting: value)
        switch (mirror.displayStyle, built) {
        case (.optional?, _):
            return mirror.children.first.map { missingKeys($0.value, built, at: path) } ?? []
        case (.collection?, .array(let items)):
            return zip(mirror.children, items).flatMap { missingKeys($0.0.value, $0.1, at: path + "[]") }
        case (.struct?, .object(let members)):
            return mirror.children.flatMap { child -> [String] in
                // By type, not by cast: a nil of any optional type casts to `MustacheValue?`.
                let kept = type(of: child.value) == MustacheValue?.self || type(of: child.value) == MustacheValue.self
                guard let label = child.label, !kept else { return [] }
                guard let member = members[label] else { return value is MustacheConvertible ? [path + "." + label] : [] }
                return missingKeys(child.value, member, at: path + "." + label)
            }
        default:
            return []
        }
    }

    static func withoutNulls(_ value: MustacheValue) -> MustacheValue {
        switch value {
        case .object(let members): .object(members.filter { $0.value != .null }.mapValues(withoutNulls))
        case .array(let items): .array(items.map(withoutNulls))
        default: value
        }
    }
}
