/// The sections the navigation links to, in menu order.
public enum SiteSection: String, Sendable, CaseIterable, Codable {
    case characters, locations, episodes, statistics, search

    public var route: Route {
        switch self {
        case .characters: .characters(page: 1)
        case .locations: .locations(page: 1)
        case .episodes: .episodes
        case .statistics: .statistics
        case .search: .search
        }
    }
}
