import RickAndMortyAPI

// What a fan wanders by, derived from the resolved graph: who appears beside whom, who debuts where, who comes next.

extension Dataset {
    /// The characters who share at least `minimum` episodes with one character, with how many, most first (ties by
    /// id), at most `limit`, from the resolved casts (a link stated by either side counts). Each episode's cast is
    /// walked once per member, so building every character page costs Σ cast² over the episodes: about 40,000 steps
    /// for the API's 51. Only the co-stars that reach `minimum` are sorted, and a character of fewer episodes has none
    /// without a walk: with 100,000 characters of one episode each, sorting every cast per page was 17% of a profiled build.
    func coStars(of id: Int, limit: Int, minimum: Int) -> [(id: Int, episodes: Int)] {
        let episodes = episodeIDs(ofCharacter: id)
        guard episodes.count >= minimum else { return [] }
        var shared: [Int: Int] = [:]
        for episode in episodes {
            for other in characterIDs(inEpisode: episode) where other != id { shared[other, default: 0] += 1 }
        }
        return shared.filter { $0.value >= minimum }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(limit)
            .map { ($0.key, $0.value) }
    }
}

extension Dataset {
    /// The characters who first appear in each episode, ascending. A character's first episode is the lowest
    /// episode id among its episodes (links from either side, as everywhere): the API numbers episodes in air
    /// order, and it is the "first seen" a character page shows, so the two pages agree.
    func debutIDsByEpisode() -> [Int: [Int]] {
        characters.reduce(into: [:]) { debuts, character in
            if let first = episodeIDs(ofCharacter: character.id).first { debuts[first, default: []].append(character.id) }
        }
    }
}

extension Dataset {
    /// The characters before and after one in the API's order (by id: the records are kept in it).
    func neighbours(ofCharacter id: Int) -> (previous: CharacterRecord?, next: CharacterRecord?) {
        let found = Self.neighbourIndices(of: characterPlace(id), count: characters.count)
        return (found.previous.map { characters[$0] }, found.next.map { characters[$0] })
    }

    /// The ids of `neighbours(ofCharacter:)`, without copying the records (the digests of every record ask for them).
    func neighbourIDs(ofCharacter id: Int) -> (previous: Int?, next: Int?) {
        let found = Self.neighbourIndices(of: characterPlace(id), count: characters.count)
        return (found.previous.map { characters[$0].id }, found.next.map { characters[$0].id })
    }

    /// The episodes before and after one in the API's order (by id, which is air order).
    func neighbours(ofEpisode id: Int) -> (previous: EpisodeRecord?, next: EpisodeRecord?) {
        let found = Self.neighbourIndices(of: episodePlace(id), count: episodes.count)
        return (found.previous.map { episodes[$0] }, found.next.map { episodes[$0] })
    }

    func neighbourIDs(ofEpisode id: Int) -> (previous: Int?, next: Int?) {
        let found = Self.neighbourIndices(of: episodePlace(id), count: episodes.count)
        return (found.previous.map { episodes[$0].id }, found.next.map { episodes[$0].id })
    }

    /// The places before and after `index` among `count` records; none for a record that is not there. Found by place,
    /// not by a binary search over the records: each step of one copied a whole record to read its id (a tenth of the
    /// digests of every record).
    private static func neighbourIndices(of index: Int?, count: Int) -> (previous: Int?, next: Int?) {
        guard let index else { return (nil, nil) }
        return (index > 0 ? index - 1 : nil, index + 1 < count ? index + 1 : nil)
    }
}
