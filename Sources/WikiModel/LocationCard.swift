/// A location as a card in the index and in the location strips.
public struct LocationCard: Codable, Sendable, Equatable {
    public let id: Int
    public let name: String
    public let url: String
    public let type: String
    public let dimension: String
    public let residentCount: String
}
