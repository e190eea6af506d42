import Mustache

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
package struct PageMeta: Encodable, Sendable, Equatable {
    package let title: String
    let heading: String
    /// The heading as the page's `<h1>` shows it (`PageMeta.shortened`), and the whole of it when that is cut.
    let shownHeading: String
    let fullHeading: String?
    let description: String
    let canonicalURL: String
    let ogType: String
    let ogImage: String?
}

/// A link of the site's main navigation; the current section is marked for `aria-current`.
package struct NavigationItem: Encodable, Sendable, Equatable {
    let label: String
    let url: String
    let isCurrent: Bool
}

/// The same page in one of the site's languages, for the switcher and the `hreflang` alternates.
package struct LanguageLink: Encodable, Sendable, Equatable {
    let code: String
    let name: String
    let url: String
    let absoluteURL: String
    let isCurrent: Bool
}

/// One of the languages the site is generated in: its code, its name in itself (for the switcher)
/// and where its pages live.
package struct SiteLanguage: Sendable, Equatable {
    package let code: String
    let name: String
    package let configuration: SiteConfiguration
    /// "Page not found" and "Back to the home page" in this language: the first language's 404 page, which
    /// hosts serving one `404.html` show for every missing path, says them for the other languages too.
    let notFound: NotFoundText?
}

extension SiteLanguage {
    /// The page at `relativeURL` in each of `languages`, the one whose code is `current` marked: for the switcher and
    /// the alternates of the page and of the sitemap.
    package static func links(_ languages: [SiteLanguage], relativeURL: String, current: String) -> [LanguageLink] {
        languages.map { language in
            LanguageLink(
                code: language.code, name: language.name, url: language.configuration.link(relativeURL),
                absoluteURL: language.configuration.absoluteLink(relativeURL), isCurrent: language.code == current)
        }
    }

    /// The language `code` as its string table names it, with its 404 texts, its pages in `folder` of `site`.
    package init(code: String, strings: StringTable, site: SiteConfiguration, folder: String) throws(MissingStringError) {
        self.init(
            code: code, name: try strings("language_name"), configuration: site.localized(folder: folder),
            notFound: NotFoundText(title: try strings("notfound_title"), home: try strings("notfound_home")))
    }
}

struct NotFoundText: Sendable, Equatable {
    let title: String
    let home: String
}

/// The sections the navigation links to, in menu order.
enum SiteSection: String, Sendable, CaseIterable, Encodable {
    case characters, locations, episodes, articles, statistics, search

    var route: Route {
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

extension PageMeta {
    /// How many characters of a name a heading shows: a 300-letter name would fill a phone's first screen and
    /// push the picture off it. The page says the whole name further down.
    static let headingLimit = 60

    /// `heading` cut after `headingLimit` characters (at a space where there is one), ending with "…"; nil
    /// when it is short enough.
    static func shortened(_ heading: String) -> String? {
        guard heading.count > headingLimit + 1 else { return nil }
        let cut = heading.prefix(headingLimit)
        var words = String(cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut)
        while words.last?.isWhitespace == true { words.removeLast() }
        return words + "…"
    }
}

extension PageMeta: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "title": .string(title), "heading": .string(heading), "description": .string(description),
            "shownHeading": .string(shownHeading), "fullHeading": MustacheValue(fullHeading),
            "canonicalURL": .string(canonicalURL), "ogType": .string(ogType), "ogImage": MustacheValue(ogImage),
        ])
    }
}

extension NavigationItem: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object(["label": .string(label), "url": .string(url), "isCurrent": .bool(isCurrent)])
    }
}

extension LanguageLink: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "code": .string(code), "name": .string(name), "url": .string(url), "absoluteURL": .string(absoluteURL),
            "isCurrent": .bool(isCurrent),
        ])
    }
}
