import RickAndMortyAPI

/// Every species, the most common first.
package struct SpeciesIndexPage: PageModel, Codable, Equatable {
    package static let kind = PageKind.allSpecies

    package let lead: String
    package let species: [GroupEntry]
}

/// A species: its characters as cards, paginated like the characters index.
package struct SpeciesPage: PageModel, Codable, Equatable {
    package static let kind = PageKind.species

    package let name: String
    package let indexURL: String
    package let characterCount: String
    package let cards: [CharacterCard]
    package let pager: Pager?
}

extension SiteModel {
    func speciesIndexPage() throws -> SitePage {
        try page(
            .allSpecies, title: try strings("species_index_title"),
            description: try strings.plural("species_index_description", count: groups.species.count),
            content: SpeciesIndexPage(
                lead: try strings.plural("species_index_lead", count: groups.species.count),
                species: try characterGroupEntries(
                    groups.species, name: { strings.term("species", $0) }, route: { .species($0, page: 1) })))
    }

    func speciesPages(_ species: RecordGroups.CharacterGroup) throws -> [SitePage] {
        let indexURL = link(.allSpecies)
        let name = strings.term("species", species.name)
        return try characterGroupPages(
            species, name: name, route: { .species(species.slug, page: $0) }, keys: "species"
        ) { characterCount, cards, pager in
            SpeciesPage(name: name, indexURL: indexURL, characterCount: characterCount, cards: cards, pager: pager)
        }
    }

    /// The link from a character to its species' page; nil for a blank species.
    func speciesLink(_ name: String) -> String? {
        groups.species(named: name).map { link(.species($0.slug, page: 1)) }
    }
}
