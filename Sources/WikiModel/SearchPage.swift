import RickAndMortyAPI

struct SearchPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.search

    struct Option: Encodable, Sendable, Equatable {
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
    func searchIndex() -> SearchIndex { index }

    /// `search/index.json`, as `SearchIndexJSON` writes it.
    package func searchIndexJSON() -> [UInt8] { SearchIndexJSON.encode(index) }

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
        // Once: it walks every avatar's copies, and asked per entry it made the index quadratic (12% of a 100,000
        // character build).
        let sides = faceSides
        let entries = try dataset.characters.map { character throws in
            let card = try card(character)
            return SearchIndex.Entry(
                id: character.id, name: character.name,
                status: try statusSlot(character.status),
                gender: slot(try CharacterVocabulary.gender(character.gender, strings), in: &genders),
                species: slot(character.species, in: &species),
                picture: avatarExtensions[character.id] ?? card.image.src,
                faceCopy: faceCopyExtension(character.id, sides: sides),
                note: nameNotes[character.id] ?? "", type: character.type,
                origin: try locationLink(
                    character.origin, id: dataset.originIDByCharacter[character.id], unknownKey: "character_origin_unknown"
                ).name,
                episodeCount: dataset.episodeIDs(ofCharacter: character.id).count,
                originalName: originalNames[.character(character.id)] ?? "")
        }
        let places = try dataset.locations.map { location throws in
            let card = try card(location)
            return SearchIndex.Place(
                id: location.id, name: location.name, type: card.type, dimension: card.dimension,
                residentCount: dataset.residentIDs(ofLocation: location.id).count,
                originalName: originalNames[.location(location.id)] ?? "")
        }
        let episodes = try dataset.episodes.map { episode throws in
            SearchIndex.Episode(
                id: episode.id, code: episode.episode, name: episode.name, airDate: try summary(episode).airDate,
                castCount: dataset.characterIDs(inEpisode: episode.id).count,
                originalName: originalNames[.episode(episode.id)] ?? "")
        }
        return SearchIndex(
            statuses: statuses, femaleStatuses: femaleStatuses, genders: genders,
            species: try species.map(cardSpecies), entries: entries, locations: places, episodes: episodes,
            groups: try searchGroups(), articles: try searchArticles(),
            avatar: configuration.sharedLink(Self.avatarFolder + Self.avatarName),
            faceImage: configuration.sharedLink(Self.avatarFolder + Self.avatarCopyName), faceSides: sides)
    }

    /// The sides of the copies made for faces in rows (smaller than a card's), which a result lists in `srcset`.
    private var faceSides: [Int] {
        Set(avatarCopies.values.joined().map(\.side).filter { $0 < Self.cardImageSide }).sorted()
    }

    /// The extension of a character's face copies, empty when one is missing, not square (its width would not
    /// be the side the script gives it) or of another format.
    private func faceCopyExtension(_ id: Int, sides: [Int]) -> String {
        guard avatarExtensions[id] != nil, let copies = avatarCopies[id] else { return "" }
        let faces = copies.filter { $0.side < Self.cardImageSide }.sorted { $0.side < $1.side }
        guard !faces.isEmpty, faces.map(\.side) == sides, faces.allSatisfy({ $0.width == $0.side }),
              Set(faces.map(\.fileExtension)).count == 1 else { return "" }
        return faces[0].fileExtension
    }

    /// The dimension, family group and season pages, each once (only the first of a group's pages), with how
    /// many characters (a season: episodes) each holds.
    func searchGroups() throws -> [SearchIndex.Group] {
        func group(_ route: Route, _ name: String, _ kind: String, _ count: Int) -> SearchIndex.Group {
            SearchIndex.Group(path: route.relativeURL, name: name, kind: kind, count: count)
        }
        let dimension = try strings("group_kind_dimension"), season = try strings("group_kind_season")
        let families = try PageFamily.all.flatMap { family throws in
            let kind = try strings("group_kind_\(family.groupKeys)")
            return try groups.groups(of: family).map { member throws in
                group(.familyGroup(family, member.slug, page: 1), try family.name(member.name, strings), kind, member.characterIDs.count)
            }
        }
        return groups.dimensions.map { group(.dimension($0.slug, page: 1), dimensionName($0.name), dimension, $0.residentIDs.count) }
            + families
            + (try groups.seasons.map { group(.season($0.number, page: 1), try seasonName($0.number), season, $0.episodeIDs.count) })
    }

    /// The articles, found by their titles: a group of their own in the results.
    func searchArticles() throws -> [SearchIndex.Group] {
        let kind = try strings("group_kind_article")
        return content.articleSlugs.map {
            SearchIndex.Group(path: Route.article($0).relativeURL, name: articleTitle($0), kind: kind, count: 0)
        }
    }

    /// The search page with its status filter set (`search/?status=0`): the script reads the filters' positions in the index.
    func searchLink(status: String) throws -> String? {
        let badge = try CharacterVocabulary.status(status, strings)
        return searchFilters.statuses.firstIndex(of: badge).map { link(.search) + "?status=\($0)" }
    }

    func searchLink(gender: String) throws -> String? {
        let badge = try CharacterVocabulary.gender(gender, strings)
        return searchFilters.genders.firstIndex(of: badge).map { link(.search) + "?gender=\($0)" }
    }

    /// Species from the most to the least common, ties by name: the filter's most useful order.
    func speciesByFrequency() -> [String] {
        var counts: [String: Int] = [:]
        for character in dataset.characters { counts[character.species, default: 0] += 1 }
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
    }

    func searchPage() throws -> SitePage {
        let filters = searchFilters, total = recordCounts
        let content = SearchPage(
            indexURL: configuration.link("search/index.json"),
            statuses: filters.statuses.enumerated().map { .init(value: String($0), label: $1.label) },
            genders: filters.genders.enumerated().map { .init(value: String($0), label: $1.label) },
            species: speciesFilter.enumerated().map { .init(value: String($0), label: $1.isEmpty ? "—" : $1) },
            quickQueries: Self.quickQueries)
        return try page(
            .search, title: try strings("search_title"),
            description: try strings.format("search_description", [
                "characters": count(total.characters), "locations": count(total.locations),
                "episodes": count(total.episodes),
            ]),
            content: content)
    }
}

/// The compact index the search page's script loads: each vocabulary once, each character as one row
/// `[id, name, status index, gender index, species index, picture, note, type, origin, faces' extension, episodes]`,
/// each location `[id, name, type, dimension, residents]`, each episode `[id, code, name, air date, cast size]` (each
/// row followed by the data's name when the language names the record otherwise),
/// each group page (a dimension, a species, a type, a season) `[path, name, kind, size]` and each article
/// `[path, title, kind, 0]`; page links follow from the ids. Everything a fan may type is in it (names, a
/// character's type and origin, a place's type and dimension, an episode's code), and what ranks equals: how
/// well known each record is.
struct SearchIndex: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        let id: Int
        let name: String
        let status: Int
        let gender: Int
        let species: Int
        /// The avatar's extension when it is published where pictures are kept (the script makes its address from
        /// `avatar`: a quarter of the rows' bytes), else the picture's address (the placeholder).
        let picture: String
        /// The extension of the face copies (`faceSides`), empty when there are none.
        let faceCopy: String
        let note: String
        let type: String
        let origin: String
        let episodeCount: Int
        /// The name the data gives when this language names the record otherwise: found too, else empty.
        let originalName: String
    }

    struct Place: Sendable, Equatable {
        let id: Int
        let name: String
        let type: String
        let dimension: String
        let residentCount: Int
        /// As `Entry.originalName`.
        let originalName: String
    }

    struct Episode: Sendable, Equatable {
        let id: Int
        let code: String
        let name: String
        let airDate: String
        let castCount: Int
        /// As `Entry.originalName`.
        let originalName: String
    }

    let statuses: [Badge]
    /// `statuses[i]` as said of a female character (French "Vivante").
    let femaleStatuses: [String]
    let genders: [Badge]
    let species: [String]
    let entries: [Entry]
    let locations: [Place]
    let episodes: [Episode]
    /// The pages of the dimensions, species, types and seasons.
    var groups: [Group] = []
    var articles: [Group] = []
    /// Where a character's picture is (`{id}` and `{ext}` to fill); an entry whose picture is elsewhere (the
    /// placeholder) keeps its whole address instead of an extension.
    var avatar = ""
    /// Where a face copy is (`{id}`, `{side}` and `{ext}` to fill, from an entry's id and `faceCopy`), and its sides.
    var faceImage = ""
    var faceSides: [Int] = []

    /// A group's page: where it is (relative to the language's base), its name, what kind of group it is, and
    /// its size, which ranks namesakes.
    struct Group: Sendable, Equatable {
        let path: String
        let name: String
        let kind: String
        let count: Int
    }
}
