/// Every kind of page the site has: the one list to extend for a new kind.
///
/// A kind's template is `Templates/<rawValue>.mustache` and its model is the `PageModel` that names it;
/// `SiteModel.pages(of:)` switches over every kind, so a kind that is declared but never built does not
/// compile, and `SiteModel.page` checks that a page's route and model are of the same kind.
package enum PageKind: String, CaseIterable, Sendable {
    case home, characters, character, locations, location, episodes, episode, search, statistics
    case whatsNew = "whats-new", whatsNewGroup = "whats-new-group"
    case notFound = "404"

    package var template: String { rawValue }
}

/// The values one page shows; the renderer hands them to the kind's template as `page`.
package protocol PageModel: Encodable, Sendable {
    static var kind: PageKind { get }
}

extension SiteModel {
    /// Every page of the site, kind after kind, in a fixed order.
    package func pages() throws -> [SitePage] {
        try PageKind.allCases.flatMap(pages(of:))
    }

    package func pages(of kind: PageKind) throws -> [SitePage] {
        switch kind {
        case .home: [try homePage()]
        case .characters: try characterIndexPages()
        case .character: try dataset.characters.map(characterPage)
        case .locations: try locationIndexPages()
        case .location: try dataset.locations.map(locationPage)
        case .episodes: [try episodeIndexPage()]
        case .episode: try dataset.episodes.map(episodePage)
        case .search: [try searchPage()]
        case .statistics: [try statisticsPage()]
        case .whatsNew: try whatsNewPages()
        case .whatsNewGroup: try changeGroups().flatMap(groupPages)
        case .notFound: [try notFoundPage()]
        }
    }
}

/// Every page the site has, and where it lives. Pretty URLs: each page is `…/index.html` in its own folder.
package enum Route: Sendable, Hashable {
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
    package var relativeURL: String {
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
    package var filePath: String {
        self == .notFound ? "404.html" : relativeURL + "index.html"
    }

    package var kind: PageKind {
        switch self {
        case .home: .home
        case .characters: .characters
        case .character: .character
        case .locations: .locations
        case .location: .location
        case .episodes: .episodes
        case .episode: .episode
        case .search: .search
        case .statistics: .statistics
        case .whatsNew: .whatsNew
        case .whatsNewGroup: .whatsNewGroup
        case .notFound: .notFound
        }
    }

    /// The top-level section the page belongs to, for the navigation's `aria-current`.
    package var section: SiteSection? {
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
