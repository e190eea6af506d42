public struct HomePage: Codable, Sendable, Equatable {
    public struct Count: Codable, Sendable, Equatable {
        public let label: String
        public let value: String
        public let url: String
    }

    public let counts: [Count]
    public let locations: [LocationCard]
    public let featured: [CharacterCard]
}
