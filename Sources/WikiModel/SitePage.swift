/// One page of the site: where it goes, the values it shows, and (through their kind) its template.
public struct SitePage: Sendable {
    public let route: Route
    public let meta: PageMeta
    public let navigation: [NavigationItem]
    /// This page in every language of the site, the current one marked.
    public let languages: [LanguageLink]
    public let content: any PageModel

    public var template: String { type(of: content).kind.template }
}

/// What the layout needs about a page: `<title>`, meta description, canonical and Open Graph data.
public struct PageMeta: Codable, Sendable, Equatable {
    public let title: String
    public let heading: String
    public let description: String
    public let canonicalURL: String
    public let ogType: String
    public let ogImage: String?
}

/// A link of the site's main navigation; the current section is marked for `aria-current`.
public struct NavigationItem: Codable, Sendable, Equatable {
    public let label: String
    public let url: String
    public let isCurrent: Bool
}

/// The same page in one of the site's languages, for the switcher and the `hreflang` alternates.
public struct LanguageLink: Codable, Sendable, Equatable {
    public let code: String
    public let name: String
    public let url: String
    public let absoluteURL: String
    public let isCurrent: Bool
}

/// One of the languages the site is generated in: its code, its name in itself (for the switcher)
/// and where its pages live.
public struct SiteLanguage: Sendable, Equatable {
    public let code: String
    public let name: String
    public let configuration: SiteConfiguration

    public init(code: String, name: String, configuration: SiteConfiguration) {
        self.code = code
        self.name = name
        self.configuration = configuration
    }
}

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
