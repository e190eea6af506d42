public struct CharacterIndexPage: Codable, Sendable, Equatable {
    public let cards: [CharacterCard]
    public let pager: Pager
    public let locations: [LocationCard]
    /// One entry per gender colour, for the legend.
    public let genderLegend: [Badge]
}
