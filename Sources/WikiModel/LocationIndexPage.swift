public struct LocationIndexPage: Codable, Sendable, Equatable {
    public let cards: [LocationCard]
    public let pager: Pager
}
