import RickAndMortyAPI

public struct CharacterIndexPage: PageModel, Codable, Equatable {
    public static let kind = PageKind.characters

    public let cards: [CharacterCard]
    public let pager: Pager
    public let locations: [LocationCard]
    /// One entry per gender colour, for the legend.
    public let genderLegend: [Badge]
}

public struct CharacterPage: PageModel, Codable, Equatable {
    public static let kind = PageKind.character

    public let name: String
    public let image: ImageReference
    public let status: Badge
    public let gender: Badge
    public let info: [InfoRow]
    public let episodes: [EpisodeSummary]
    public let hasEpisodes: Bool
}

extension SiteModel {
    func characterIndexPages() throws -> [SitePage] {
        let strip = try dataset.locations.map { location throws in try card(location) }
        let legend = try CharacterVocabulary.genders.map { gender throws in
            try CharacterVocabulary.gender(gender, strings)
        }
        return try indexPages(dataset.characters, route: Route.characters, keys: "characters") { slice, pager in
            CharacterIndexPage(
                cards: try slice.map { character throws in try card(character) },
                pager: pager, locations: strip, genderLegend: legend)
        }
    }

    func characterPage(_ character: CharacterRecord) throws -> SitePage {
        let episodes = dataset.episodeIDs(ofCharacter: character.id).compactMap(dataset.episode)
        let status = try CharacterVocabulary.status(character.status, strings)
        let gender = try CharacterVocabulary.gender(character.gender, strings)
        let none = try strings("value_none")

        func row(
            _ field: InfoField, _ value: String, url: String? = nil, datetime: String? = nil, badge: String? = nil
        ) throws -> InfoRow {
            InfoRow(key: field.key, label: try field.label(strings), icon: field.icon, color: field.color,
                    value: value.isEmpty ? none : value, url: url, datetime: datetime, badgeClass: badge)
        }
        let origin = try locationLink(character.origin, id: dataset.originIDByCharacter[character.id])
        let location = try locationLink(character.location, id: dataset.locationIDByCharacter[character.id])
        let created = CalendarDate(iso8601: character.created)
        var info = [
            try row(.status, status.label, badge: status.cssClass),
            try row(.species, strings.term("species", character.species)),
            try row(.type, character.type),
            try row(.gender, gender.label, badge: gender.cssClass),
            try row(.origin, origin.name, url: origin.url),
            try row(.location, location.name, url: location.url),
        ]
        if let first = episodes.first, let last = episodes.last {
            info.append(try row(.firstSeen, "\(first.episode) · \(first.name)", url: link(.episode(first.id))))
            info.append(try row(.lastSeen, "\(last.episode) · \(last.name)", url: link(.episode(last.id))))
        } else {
            info.append(try row(.firstSeen, none))
            info.append(try row(.lastSeen, none))
        }
        info.append(try row(.episodeCount, count(episodes.count)))
        info.append(try row(.created, try created?.formatted(strings) ?? character.created, datetime: created?.isoDay))

        let content = CharacterPage(
            name: character.name, image: try card(character).image, status: status, gender: gender, info: info,
            episodes: try episodes.map { episode throws in try summary(episode) }, hasEpisodes: !episodes.isEmpty)
        return try page(
            .character(character.id), title: character.name,
            description: try strings.format("character_description", [
                "name": character.name, "species": character.species.isEmpty ? none : strings.term("species", character.species),
                "status": status.label, "location": location.name, "count": count(episodes.count),
            ]),
            ogType: "profile",
            ogImage: avatarExtensions[character.id].map {
                configuration.absoluteSharedLink(Self.avatarPath(characterID: character.id, fileExtension: $0))
            },
            content: content)
    }
}
