/// Every page the site has, and where it lives. Pretty URLs: each page is `…/index.html` in its own folder.
public enum Route: Sendable, Hashable {
    case home
    case characters(page: Int)
    case character(Int)
    case locations(page: Int)
    case location(Int)
    case episodes
    case episode(Int)
    case search
    case statistics
    case whatsNew(page: Int)
    /// One rebuild's or one day's changes, by the group's slug (`rebuild-20261121T033000Z`, `added-2017-11-04`).
    case whatsNewGroup(String, page: Int)
    case notFound

    /// The path a link names, relative to the base path (`characters/page/2/`).
    public var relativeURL: String {
        switch self {
        case .home: ""
        case .characters(let page): page <= 1 ? "characters/" : "characters/page/\(page)/"
        case .character(let id): "characters/\(id)/"
        case .locations(let page): page <= 1 ? "locations/" : "locations/page/\(page)/"
        case .location(let id): "locations/\(id)/"
        case .episodes: "episodes/"
        case .episode(let id): "episodes/\(id)/"
        case .search: "search/"
        case .statistics: "statistics/"
        case .whatsNew(let page): page <= 1 ? "whats-new/" : "whats-new/page/\(page)/"
        case .whatsNewGroup(let slug, let page): page <= 1 ? "whats-new/\(slug)/" : "whats-new/\(slug)/page/\(page)/"
        case .notFound: "404.html"
        }
    }

    /// The file the page is written to, relative to the output folder.
    public var filePath: String {
        self == .notFound ? "404.html" : relativeURL + "index.html"
    }

    /// The top-level section the page belongs to, for the navigation's `aria-current`.
    public var section: SiteSection? {
        switch self {
        case .home, .notFound, .whatsNew, .whatsNewGroup: nil
        case .characters, .character: .characters
        case .locations, .location: .locations
        case .episodes, .episode: .episodes
        case .search: .search
        case .statistics: .statistics
        }
    }
}
