import Mustache

/// Every kind of page the site has: the one list to extend for a new kind.
///
/// A kind's template is `Templates/<rawValue>.mustache` and its model is the `PageModel` that names it;
/// `SiteModel.pageMakers(of:)` switches over every kind, so a kind that is declared but never built does not
/// compile, and `SiteModel.page` checks that a page's route and model are of the same kind.
package enum PageKind: String, CaseIterable, Sendable {
    case home, characters, character, locations, location, episodes, episode, search, statistics
    case whatsNew = "whats-new", whatsNewGroup = "whats-new-group"
    case dimensions, dimension, familyIndex = "family-index", familyGroup = "family-group"
    case seasons, season
    case offline, random, yours
    case articles, article
    case notFound = "404"

    var template: String { rawValue }
}

/// Builds some of a kind's pages when called (see `SiteModel.pageMakers(of:)`).
package struct PageMaker: Sendable {
    /// The kind and what tells the maker apart from the kind's others, the same from one build to the next whatever
    /// records come and go (`character:1`, `dimension:earth`, `home`): a build's record of what each maker read and made
    /// is found again under it (see `PageRecords`).
    package let key: String
    private let make: @Sendable () throws -> [SitePage]

    init(key: String, make: @escaping @Sendable () throws -> [SitePage]) {
        self.key = key
        self.make = make
    }

    package func callAsFunction() throws -> [SitePage] { try make() }
}

/// The values one page shows; the renderer hands them to the kind's template as `page`.
package protocol PageModel: Encodable, Sendable {
    static var kind: PageKind { get }
    /// What the template sees as `page` (see `TemplateValues.swift`).
    func templateValue() throws -> MustacheValue
}

extension SiteModel {
    /// Every page of the site, kind after kind, in a fixed order.
    package func pages() throws -> [SitePage] {
        try PageKind.allCases.flatMap(pages(of:))
    }

    /// A kind's pages as the renderer takes them: a maker per record or group (built when taken, in parallel,
    /// so the models of a kind are never all held together), a maker per order for the characters index, and
    /// one maker for each other kind. The one switch over every kind: a kind declared but never built does not
    /// compile.
    package func pageMakers(of kind: PageKind) -> [PageMaker] {
        // The makers share one model: captured as a value, it was copied into each (a retain of every field, some
        // 3,000 makers a language, most of which an incremental build never runs).
        let shared = Shared(model: self)
        func each<Item: Sendable>(
            _ items: [Item], key: (Item) -> String, _ make: @escaping @Sendable (SiteModel, Item) throws -> [SitePage]
        ) -> [PageMaker] {
            items.map { item in PageMaker(key: kind.rawValue + ":" + key(item)) { try make(shared.model, item) } }
        }
        func one(_ make: @escaping @Sendable (SiteModel) throws -> [SitePage]) -> [PageMaker] {
            [PageMaker(key: kind.rawValue) { try make(shared.model) }]
        }
        return switch kind {
        case .home: one { [try $0.homePage()] }
        case .characters:
            each(CharacterOrder.allCases.flatMap { order in (1...Self.pageCount(dataset.characters.count)).map { (order, $0) } },
                 key: { "\($0.0)/\($0.1)" }) { try $0.characterIndexPage(order: $1.0, page: $1.1) }
        case .character: each(dataset.characters, key: { "\($0.id)" }) { [try $0.characterPage($0.read($1))] }
        case .locations: one { try $0.locationIndexPages() }
        case .location:
            // A maker per page, as for a dimension: a resident's card is read by the page that shows it.
            each(dataset.locations.flatMap { location in
                (1...Self.pageCount(dataset.residentIDs(ofLocation: location.id).count + dataset.nativeIDs(ofLocation: location.id).count,
                                    pageSize: Self.locationPeoplePerPage)).map { (location, $0) }
            }, key: { "\($0.0.id)/\($0.1)" }) { try $0.locationPages($0.read($1.0), only: $1.1) }
        case .episodes: one { [try $0.episodeIndexPage()] }
        case .episode: each(dataset.episodes, key: { "\($0.id)" }) { [try $0.episodePage($0.read($1))] }
        case .search: one { [try $0.searchPage()] }
        case .statistics: one { [try $0.statisticsPage()] }
        case .whatsNew: one { try $0.whatsNewPages() }
        case .whatsNewGroup: each(changeGroups, key: \.slug) { try $0.groupPages($0.read($1)) }
        case .dimensions: one { [try $0.dimensionIndexPage()] }
        case .dimension:
            each(groups.dimensions.flatMap { dimension in
                (1...Self.pageCount(dimension.residentIDs.count + dimension.nativeIDs.count)).map { (dimension, $0) }
            }, key: { $0.0.slug + "/\($0.1)" }) { try $0.dimensionPages($0.read($1.0), only: $1.1) }
        case .familyIndex: each(PageFamily.all, key: \.folder) { [try $0.familyIndexPage($1)] }
        case .familyGroup:
            // A maker per page, as for a season: a member's card is read by the page that shows it.
            each(PageFamily.all.flatMap { family in
                groups.groups(of: family).flatMap { group in (1...Self.pageCount(group.characterIDs.count)).map { (family, group, $0) } }
            }, key: { $0.0.folder + "/" + $0.1.slug + "/\($0.2)" }) {
                try $0.familyGroupPages($1.0, $0.read($1.1, of: $1.0), only: $1.2)
            }
        case .seasons: one { [try $0.seasonIndexPage()] }
        case .season:
            each(groups.seasons.flatMap { season in (1...Self.pageCount(season.debutIDs.count + season.returningIDs.count)).map { (season, $0) } },
                 key: { "\($0.0.number)/\($0.1)" }) { try $0.seasonPages($0.read($1.0), only: $1.1) }
        case .offline: one { $0.configuration.serviceWorker ? [try $0.offlinePage()] : [] }
        case .random: one { try $0.randomPage().map { [$0] } ?? [] }
        case .yours: one { [try $0.yoursPage()] }
        case .articles: one { try $0.articleIndexPage().map { [$0] } ?? [] }
        case .article: each(content.articleSlugs, key: { $0 }) { [try $0.articlePage($1)] }
        case .notFound: one { [try $0.notFoundPage()] }
        }
    }

    private final class Shared: Sendable {
        let model: SiteModel

        init(model: SiteModel) { self.model = model }
    }

    /// A kind's pages, all at once, in the order the renderer gives them.
    func pages(of kind: PageKind) throws -> [SitePage] {
        try pageMakers(of: kind).flatMap { try $0() }
    }
}

/// Every page the site has, and where it lives. Pretty URLs: each page is `…/index.html` in its own folder.
package enum Route: Sendable, Hashable {
    case home
    /// A page of the characters index, in one of its orders (`characters/`, `characters/a-z/page/2/`).
    case characters(page: Int, order: CharacterOrder = .api)
    case character(Int)
    case locations(page: Int)
    /// A location's page; a location of many people has further pages (`locations/20/page/2/`).
    case location(Int, page: Int = 1)
    case episodes
    case episode(Int)
    case search
    case statistics
    case whatsNew(page: Int)
    /// One rebuild's or one day's changes, by the group's slug (`rebuild-20261121T033000Z`, `added-2017-11-04`).
    case whatsNewGroup(String, page: Int)
    /// Groups by a value of the data, by the value's slug (`RecordGroups`): `dimensions/replacement-dimension/`.
    case dimensions
    case dimension(String, page: Int)
    /// A `PageFamily`'s index (`species/`) and its groups (`species/human/`).
    case familyIndex(PageFamily)
    case familyGroup(PageFamily, String, page: Int)
    case seasons
    case season(Int, page: Int)
    /// What a reader can do without the network: the page the service worker shows for a page it does not
    /// have, and the "save for offline" control.
    case offline
    /// Where "Random character" goes without a script: today's character (see `RandomCharacter`).
    case random
    /// "Your wiki": the shell a fan's favourites and seen episodes, kept on their device, are shown in.
    case yours
    /// The fans' articles (`articles/`), and one by its file's name (`articles/portal-guns/`).
    case articles
    case article(String)
    case notFound

    /// The path a link names, relative to the base path (`characters/page/2/`).
    package var relativeURL: String {
        switch self {
        case .home: ""
        case .characters(let page, let order):
            (order.slug.map { "characters/\($0)/" } ?? "characters/") + (page <= 1 ? "" : "page/\(page)/")
        case .character(let id): "characters/\(id)/"
        case .locations(let page): page <= 1 ? "locations/" : "locations/page/\(page)/"
        case .location(let id, let page): Self.paged("locations/\(id)/", page)
        case .episodes: "episodes/"
        case .episode(let id): "episodes/\(id)/"
        case .search: "search/"
        case .statistics: "statistics/"
        case .whatsNew(let page): page <= 1 ? "whats-new/" : "whats-new/page/\(page)/"
        case .whatsNewGroup(let slug, let page): page <= 1 ? "whats-new/\(slug)/" : "whats-new/\(slug)/page/\(page)/"
        case .dimensions: "dimensions/"
        case .dimension(let slug, let page): Self.paged("dimensions/\(slug)/", page)
        case .familyIndex(let family): "\(family.folder)/"
        case .familyGroup(let family, let slug, let page): Self.paged("\(family.folder)/\(slug)/", page)
        case .seasons: "seasons/"
        case .season(let number, let page): Self.paged("seasons/\(number)/", page)
        case .offline: "offline/"
        case .random: "random/"
        case .yours: "yours/"
        case .articles: "articles/"
        case .article(let slug): "articles/\(slug)/"
        case .notFound: "404.html"
        }
    }

    private static func paged(_ path: String, _ page: Int) -> String { page <= 1 ? path : "\(path)page/\(page)/" }

    /// The file the page is written to, relative to the output folder.
    package var filePath: String {
        self == .notFound ? "404.html" : relativeURL + "index.html"
    }

    var kind: PageKind {
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
        case .dimensions: .dimensions
        case .dimension: .dimension
        case .familyIndex: .familyIndex
        case .familyGroup: .familyGroup
        case .seasons: .seasons
        case .season: .season
        case .offline: .offline
        case .random: .random
        case .yours: .yours
        case .articles: .articles
        case .article: .article
        case .notFound: .notFound
        }
    }

    /// The record a page is about, as the favourites script names it (`character`, 1); nil for other pages.
    package var record: (kind: String, id: Int)? {
        switch self {
        case .character(let id): ("character", id)
        case .location(let id, _): ("location", id)
        case .episode(let id): ("episode", id)
        default: nil
        }
    }

    /// The top-level section the page belongs to, for the navigation's `aria-current`.
    var section: SiteSection? {
        switch self {
        case .home, .notFound, .offline, .random, .yours, .whatsNew, .whatsNewGroup: nil
        case .characters, .character, .familyIndex, .familyGroup: .characters
        case .locations, .location, .dimensions, .dimension: .locations
        case .episodes, .episode, .seasons, .season: .episodes
        case .search: .search
        case .statistics: .statistics
        case .articles, .article: .articles
        }
    }
}
