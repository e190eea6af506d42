/// An episode exactly as the API serves it (`air_date`, and `episode` holding the code such as `S01E01`).
public struct EpisodeRecord: Codable, Sendable, Equatable, Identifiable {
    public var id: Int
    public var name: String
    public var airDate: String
    public var episode: String
    public var characters: [String]
    public var url: String
    public var created: String

    enum CodingKeys: String, CodingKey {
        case id, name, airDate = "air_date", episode, characters, url, created
    }

    public init(
        id: Int, name: String, airDate: String, episode: String, characters: [String], url: String, created: String
    ) {
        self.id = id
        self.name = name
        self.airDate = airDate
        self.episode = episode
        self.characters = characters
        self.url = url
        self.created = created
    }
}
