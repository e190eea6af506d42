/// A link of the site's main navigation; the current section is marked for `aria-current`.
public struct NavigationItem: Codable, Sendable, Equatable {
    public let label: String
    public let url: String
    public let isCurrent: Bool
}
