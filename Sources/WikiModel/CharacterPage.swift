public struct CharacterPage: Codable, Sendable, Equatable {
    public let name: String
    public let image: ImageReference
    public let status: Badge
    public let gender: Badge
    public let info: [InfoRow]
    public let episodes: [EpisodeSummary]
    public let hasEpisodes: Bool
}
