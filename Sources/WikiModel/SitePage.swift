/// One page of the site: where it goes, the values it shows, and (through their kind) its template.
package struct SitePage: Sendable {
    package let route: Route
    package let meta: PageMeta
    package let navigation: [NavigationItem]
    /// This page in every language of the site, the current one marked.
    package let languages: [LanguageLink]
    package let content: any PageModel

    package var template: String { type(of: content).kind.template }
}

/// What the layout needs about a page: `<title>`, meta description, canonical and Open Graph data.
package struct PageMeta: Codable, Sendable, Equatable {
    package let title: String
    package let heading: String
    package let description: String
    package let canonicalURL: String
    package let ogType: String
    package let ogImage: String?
}

/// A link of the site's main navigation; the current section is marked for `aria-current`.
package struct NavigationItem: Codable, Sendable, Equatable {
    package let label: String
    package let url: String
    package let isCurrent: Bool
}

/// The same page in one of the site's languages, for the switcher and the `hreflang` alternates.
package struct LanguageLink: Codable, Sendable, Equatable {
    package let code: String
    package let name: String
    package let url: String
    package let absoluteURL: String
    package let isCurrent: Bool
}

/// One of the languages the site is generated in: its code, its name in itself (for the switcher)
/// and where its pages live.
package struct SiteLanguage: Sendable, Equatable {
    package let code: String
    package let name: String
    package let configuration: SiteConfiguration
    /// "Page not found" and "Back to the home page" in this language: the first language's 404 page, which
    /// hosts serving one `404.html` show for every missing path, says them for the other languages too.
    package let notFound: NotFoundText?

    package init(code: String, name: String, configuration: SiteConfiguration, notFound: NotFoundText? = nil) {
        self.code = code
        self.name = name
        self.configuration = configuration
        self.notFound = notFound
    }
}

package struct NotFoundText: Sendable, Equatable {
    package let title: String
    package let home: String

    package init(title: String, home: String) {
        self.title = title
        self.home = home
    }
}

/// The sections the navigation links to, in menu order.
package enum SiteSection: String, Sendable, CaseIterable, Codable {
    case characters, locations, episodes, articles, statistics, search

    package var route: Route {
        switch self {
        case .characters: .characters(page: 1)
        case .locations: .locations(page: 1)
        case .episodes: .episodes
        case .articles: .articles
        case .statistics: .statistics
        case .search: .search
        }
    }
}
