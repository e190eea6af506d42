/// The whole dataset as fetched: three arrays of records in id order, as the API serves them.
public struct Snapshot: Codable, Sendable, Equatable {
    public var characters: [CharacterRecord]
    public var locations: [LocationRecord]
    public var episodes: [EpisodeRecord]

    public init(characters: [CharacterRecord], locations: [LocationRecord], episodes: [EpisodeRecord]) {
        self.characters = characters
        self.locations = locations
        self.episodes = episodes
    }
}
