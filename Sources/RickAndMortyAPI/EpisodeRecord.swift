/// An episode exactly as the API serves it (`air_date`, and `episode` holding the code such as `S01E01`).
package struct EpisodeRecord: Codable, Sendable, Equatable, Identifiable {
    package var id: Int
    package var name: String
    package var airDate: String
    package var episode: String
    package var characters: [String]
    package var url: String
    package var created: String

    enum CodingKeys: String, CodingKey {
        case id, name, airDate = "air_date", episode, characters, url, created
    }

    package init(
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
