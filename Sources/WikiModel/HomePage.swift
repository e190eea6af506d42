public struct HomePage: Codable, Sendable, Equatable {
    public struct Count: Codable, Sendable, Equatable {
        public let label: String
        public let value: String
        public let url: String
    }

    public let counts: [Count]
    /// Lists need a flag for their wrapper: Mustache sections iterate, they cannot test "non-empty" alone.
    public let hasLocations: Bool
    public let locations: [LocationCard]
    public let featured: [CharacterCard]
}
