import RickAndMortyAPI

/// Every type two or more characters share, the most common first; a type of one character is shown on
/// that character's page only.
package struct TypeIndexPage: PageModel, Codable, Equatable {
    package static let kind = PageKind.characterTypes

    package let lead: String
    package let types: [GroupEntry]
}

/// A type ("Soulless Puppet", "Parasite"): its characters as cards, paginated like the characters index.
package struct TypePage: PageModel, Codable, Equatable {
    package static let kind = PageKind.characterType

    package let name: String
    package let indexURL: String
    package let characterCount: String
    package let cards: [CharacterCard]
    package let pager: Pager?
}

extension SiteModel {
    func typeIndexPage() throws -> SitePage {
        try page(
            .characterTypes, title: try strings("types_title"),
            description: try strings.plural("types_description", count: groups.types.count),
            content: TypeIndexPage(
                lead: try strings.plural("types_lead", count: groups.types.count),
                types: try characterGroupEntries(groups.types, name: { $0 }, route: { .characterType($0, page: 1) })))
    }

    func typePages(_ type: RecordGroups.CharacterGroup) throws -> [SitePage] {
        let indexURL = link(.characterTypes)
        return try characterGroupPages(
            type, name: type.name, route: { .characterType(type.slug, page: $0) }, keys: "type"
        ) { characterCount, cards, pager in
            TypePage(name: type.name, indexURL: indexURL, characterCount: characterCount, cards: cards, pager: pager)
        }
    }

    /// The link from a character to its type's page; nil for a type no other character has.
    func typeLink(_ name: String) -> String? {
        groups.type(named: name).map { link(.characterType($0.slug, page: 1)) }
    }
}
