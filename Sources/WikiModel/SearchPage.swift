import RickAndMortyAPI

struct SearchPage: PageModel, Codable, Equatable {
    static let kind = PageKind.search

    struct Option: Codable, Sendable, Equatable {
        let value: String
        let label: String
    }

    let indexURL: String
    let statuses: [Option]
    let genders: [Option]
    let species: [Option]
    let quickQueries: [String]
}

extension SiteModel {
    /// The quick chips above the search field.
    static let quickQueries = ["Rick", "Morty", "Citadel"]

    /// The index the search page loads, made once per model (the page and `index.json` share it).
    package func searchIndex() -> SearchIndex { index }

    func makeSearchIndex() throws -> SearchIndex {
        var statuses: [Badge] = []
        var genders: [Badge] = []
        var species: [String] = []
        func slot<T: Equatable>(_ value: T, in list: inout [T]) -> Int {
            if let index = list.firstIndex(of: value) { return index }
            list.append(value)
            return list.count - 1
        }
        // The gendered form of each status ("Vivante"), beside it: the index stores a status once, and the
        // script picks the form a female character takes.
        var femaleStatuses: [String] = []
        func statusSlot(_ raw: String) throws -> Int {
            let position = slot(try CharacterVocabulary.status(raw, strings), in: &statuses)
            if position == femaleStatuses.count {
                femaleStatuses.append(try CharacterVocabulary.status(raw, gender: "female", strings).label)
            }
            return position
        }
        // Vocabulary first, in its fixed order, so the filters list them the same way on every build.
        for status in CharacterVocabulary.statuses { _ = try statusSlot(status) }
        for gender in CharacterVocabulary.genders { _ = slot(try CharacterVocabulary.gender(gender, strings), in: &genders) }
        for name in speciesByFrequency() { _ = slot(name, in: &species) }
        let entries = try dataset.characters.map { character throws in
            SearchIndex.Entry(
                id: character.id, name: character.name,
                status: try statusSlot(character.status),
                gender: slot(try CharacterVocabulary.gender(character.gender, strings), in: &genders),
                species: slot(character.species, in: &species),
                image: try card(character).image.src,
                cardCopy: cardCopyExtension(character.id),
                note: nameNotes[character.id] ?? "", type: character.type,
                origin: try locationLink(
                    character.origin, id: dataset.originIDByCharacter[character.id], unknownKey: "character_origin_unknown"
                ).name)
        }
        let places = try dataset.locations.map { location throws in
            let card = try card(location)
            return SearchIndex.Place(id: location.id, name: location.name, type: card.type, dimension: card.dimension)
        }
        let episodes = try dataset.episodes.map { episode throws in
            SearchIndex.Episode(id: episode.id, code: episode.episode, name: episode.name, airDate: try summary(episode).airDate)
        }
        return SearchIndex(
            statuses: statuses, femaleStatuses: femaleStatuses, genders: genders,
            species: species.map { strings.term("species", $0) }, entries: entries, locations: places, episodes: episodes,
            groups: try searchGroups(),
            cardImage: configuration.sharedLink(Self.avatarCopyPattern(side: Self.cardImageSide)))
    }

    private func cardCopyExtension(_ id: Int) -> String {
        guard avatarExtensions[id] != nil,
              let copy = avatarCopies[id]?.first(where: { $0.side == Self.cardImageSide }),
              copy.width == copy.side else { return "" }
        return copy.fileExtension
    }

    /// The dimension, family group and season pages, each once (only the first of a group's pages), and the
    /// articles, found by their titles.
    func searchGroups() throws -> [SearchIndex.Group] {
        func group(_ route: Route, _ name: String, _ kind: String) -> SearchIndex.Group {
            SearchIndex.Group(path: route.relativeURL, name: name, kind: kind)
        }
        let dimension = try strings("group_kind_dimension"), season = try strings("group_kind_season")
        let families = try PageFamily.all.flatMap { family throws in
            let kind = try strings("group_kind_\(family.groupKeys)")
            return try groups.groups(of: family).map { member throws in
                group(.familyGroup(family, member.slug, page: 1), try family.name(member.name, strings), kind)
            }
        }
        return groups.dimensions.map { group(.dimension($0.slug, page: 1), dimensionName($0.name), dimension) }
            + families
            + (try groups.seasons.map { group(.season($0.number, page: 1), try seasonName($0.number), season) })
            + (try content.articleSlugs.map { group(.article($0), articleTitle($0), try strings("group_kind_article")) })
    }

    /// The search page with its status filter set (`search/?status=0`): the script reads the filters' positions in the index.
    func searchLink(status: String) throws -> String? {
        let badge = try CharacterVocabulary.status(status, strings)
        return index.statuses.firstIndex(of: badge).map { link(.search) + "?status=\($0)" }
    }

    func searchLink(gender: String) throws -> String? {
        let badge = try CharacterVocabulary.gender(gender, strings)
        return index.genders.firstIndex(of: badge).map { link(.search) + "?gender=\($0)" }
    }

    /// Species from the most to the least common, ties by name: the filter's most useful order.
    func speciesByFrequency() -> [String] {
        var counts: [String: Int] = [:]
        for character in dataset.characters { counts[character.species, default: 0] += 1 }
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
    }

    func searchPage() throws -> SitePage {
        let content = SearchPage(
            indexURL: configuration.link("search/index.json"),
            statuses: index.statuses.enumerated().map { .init(value: String($0), label: $1.label) },
            genders: index.genders.enumerated().map { .init(value: String($0), label: $1.label) },
            species: index.species.enumerated().map { .init(value: String($0), label: $1.isEmpty ? "—" : $1) },
            quickQueries: Self.quickQueries)
        return try page(
            .search, title: try strings("search_title"),
            description: try strings.format("search_description", [
                "characters": count(dataset.characters.count), "locations": count(dataset.locations.count),
                "episodes": count(dataset.episodes.count),
            ]),
            content: content)
    }
}

/// The compact index the search page's script loads: each vocabulary once, each character as one row
/// `[id, name, status index, gender index, species index, image path, note, type, origin, card copy's extension]`,
/// the card copies' address (`cardImage`), each location
/// `[id, name, type, dimension]`, each episode `[id, code, name, air date]` and each group page (a dimension, a
/// species, a type, a season) `[path, name, kind]`; page links follow from the ids.
/// Everything a fan may type is in it: names, a character's type and origin, a place's type and dimension,
/// an episode's code.
package struct SearchIndex: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package let id: Int
        package let name: String
        package let status: Int
        package let gender: Int
        package let species: Int
        package let image: String
        /// The extension of the card's copy (`SiteModel.cardImageSide`), empty when there is none or it is not
        /// square (its width would not be the side the script gives it).
        package let cardCopy: String
        package let note: String
        package let type: String
        package let origin: String
    }

    package struct Place: Sendable, Equatable {
        package let id: Int
        package let name: String
        package let type: String
        package let dimension: String
    }

    package struct Episode: Sendable, Equatable {
        package let id: Int
        package let code: String
        package let name: String
        package let airDate: String
    }

    package let statuses: [Badge]
    /// `statuses[i]` as said of a female character (French "Vivante").
    package let femaleStatuses: [String]
    package let genders: [Badge]
    package let species: [String]
    package let entries: [Entry]
    package let locations: [Place]
    package let episodes: [Episode]
    /// The pages of the dimensions, species, types and seasons.
    package var groups: [Group] = []
    /// Where a card's copy is (`{id}` and `{ext}` to fill, from an entry's id and `cardCopy`).
    package var cardImage = ""

    /// A group's page: where it is (relative to the language's base), its name, and what kind of group it is.
    package struct Group: Sendable, Equatable {
        package let path: String
        package let name: String
        package let kind: String
    }
}
