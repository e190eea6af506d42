/// The whole dataset as fetched: three arrays of records in id order, as the API serves them.
package struct Snapshot: Codable, Sendable, Equatable {
    package var characters: [CharacterRecord]
    package var locations: [LocationRecord]
    package var episodes: [EpisodeRecord]

    package init(characters: [CharacterRecord], locations: [LocationRecord], episodes: [EpisodeRecord]) {
        self.characters = characters
        self.locations = locations
        self.episodes = episodes
    }
}
