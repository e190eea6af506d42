/// A character as a card: picture, name, status badge, border coloured by gender.
public struct CharacterCard: Codable, Sendable, Equatable {
    public let id: Int
    public let name: String
    public let url: String
    public let image: ImageReference
    public let status: Badge
    public let gender: Badge
    public let species: String
}
