public struct LocationPage: Codable, Sendable, Equatable {
    public let name: String
    public let type: String
    public let dimension: String
    public let residentCount: String
    public let residents: [CharacterCard]
    public let hasResidents: Bool
}
