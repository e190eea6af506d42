/// A value shown with a colour: the label as the reader sees it and the CSS class that colours it.
public struct Badge: Codable, Sendable, Equatable {
    public let label: String
    public let cssClass: String
}
