public struct EpisodePage: Codable, Sendable, Equatable {
    public let code: String
    public let name: String
    public let airDate: String
    public let airDateISO: String?
    public let created: String
    public let createdISO: String?
    public let castSize: String
    public let characters: [CharacterCard]
    public let hasCharacters: Bool
    public let previous: RecordLink?
    public let next: RecordLink?
}
