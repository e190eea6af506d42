import RickAndMortyAPI

extension SiteModel {
    /// Shown for a character without an avatar; a file of `Public/`.
    public static let placeholderAvatarPath = "assets/no-avatar.svg"

    func image(of character: CharacterRecord) throws -> ImageReference {
        let src = avatarExtensions[character.id].map {
            configuration.sharedLink(Self.avatarPath(characterID: character.id, fileExtension: $0))
        } ?? configuration.sharedLink(Self.placeholderAvatarPath)
        return ImageReference(
            src: src, alt: try strings.format("image_alt", ["name": character.name]),
            width: Self.avatarSize, height: Self.avatarSize)
    }

    func card(_ character: CharacterRecord) throws -> CharacterCard {
        try characterCards[character.id] ?? makeCard(character)
    }

    func card(_ location: LocationRecord) throws -> LocationCard {
        try locationCards[location.id] ?? makeCard(location)
    }

    func summary(_ episode: EpisodeRecord) throws -> EpisodeSummary {
        try episodeSummaries[episode.id] ?? makeSummary(episode)
    }

    func makeCard(_ character: CharacterRecord) throws -> CharacterCard {
        CharacterCard(
            id: character.id, name: character.name, url: link(.character(character.id)),
            image: try image(of: character),
            status: try CharacterVocabulary.status(character.status, strings),
            gender: try CharacterVocabulary.gender(character.gender, strings),
            species: strings.term("species", character.species))
    }

    func cards(_ ids: [Int]) throws -> [CharacterCard] {
        try ids.compactMap { id throws in try dataset.character(id).map(card) }
    }

    func makeCard(_ location: LocationRecord) throws -> LocationCard {
        LocationCard(
            id: location.id, name: location.name, url: link(.location(location.id)),
            type: location.type.isEmpty ? try strings("value_none") : strings.term("location_type", location.type),
            dimension: location.dimension.isEmpty ? try strings("value_none") : location.dimension,
            residentCount: try strings.format(
                "location_residents_count", ["count": count(dataset.residentIDs(ofLocation: location.id).count)]))
    }

    func makeSummary(_ episode: EpisodeRecord) throws -> EpisodeSummary {
        let airDate = CalendarDate(airDate: episode.airDate)
        return EpisodeSummary(
            id: episode.id, code: episode.episode, name: episode.name, url: link(.episode(episode.id)),
            airDate: try airDate?.formatted(strings) ?? episode.airDate,
            airDateISO: airDate?.isoDay,
            castSize: try strings.format(
                "episode_cast_count", ["count": count(dataset.characterIDs(inEpisode: episode.id).count)]))
    }

    /// A character's origin or location: the location's own name when it resolves (the record is the
    /// authority; the reference may be stale or blank), the reference's name as plain text otherwise.
    func locationLink(_ reference: NamedReference, id: Int?) throws -> RecordLink {
        if let id, let location = dataset.location(id) {
            return RecordLink(name: location.name, url: link(.location(id)))
        }
        return RecordLink(name: reference.name.allSatisfy(\.isWhitespace) ? try strings("value_none") : reference.name, url: nil)
    }
}
