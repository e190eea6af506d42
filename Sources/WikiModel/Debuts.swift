import RickAndMortyAPI

extension Dataset {
    /// The characters who first appear in each episode, ascending. A character's first episode is the lowest
    /// episode id among its episodes (links from either side, as everywhere): the API numbers episodes in air
    /// order, and it is the "first seen" a character page shows, so the two pages agree.
    package func debutIDsByEpisode() -> [Int: [Int]] {
        characters.reduce(into: [:]) { debuts, character in
            if let first = episodeIDs(ofCharacter: character.id).first { debuts[first, default: []].append(character.id) }
        }
    }
}
