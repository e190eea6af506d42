import RickAndMortyAPI

struct HomePage: PageModel, Encodable, Equatable {
    static let kind = PageKind.home

    struct Count: Encodable, Sendable, Equatable {
        let label: String
        let value: String
        let url: String
    }

    let counts: [Count]
    /// Lists need a flag for their wrapper: Mustache sections iterate, they cannot test "non-empty" alone.
    let hasLocations: Bool
    let places: Places
    let featured: [CharacterCard]
    /// The indexes of the dimensions, species, types and seasons, beside the sections.
    let groups: [RecordLink]
    /// The statistics page's first chart (characters by status), drawn small.
    let chart: ChartPreview?
    let random: RandomCharacter?
    /// The search page, which the home page's search field sends its query to.
    let searchURL: String
    /// The characters A–Z and its title: without JavaScript the home page offers it, with the section indexes,
    /// in place of a search field that cannot work.
    let azURL: String
    let azTitle: String
    /// The maintainer's introduction (`content/home.md`), when there is one.
    let introduction: Prose?

    /// The first chart of the statistics page, title and drawing only.
    struct ChartPreview: Encodable, Sendable, Equatable {
        let title: String
        let svg: String
    }
}

struct NotFoundPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.notFound

    let homeURL: String
    /// On the site's root 404 page only: the languages in folders of their own. A host that serves one
    /// `404.html` for every missing path shows this page for a broken `/fr/…` link too; its script then shows
    /// that language's own 404 page, and without a script each language's line links to its home.
    let languages: [Language]
    let hasLanguages: Bool

    struct Language: Encodable, Sendable, Equatable {
        let code: String
        let title: String
        let home: String
        let homeURL: String
        /// The path the language's pages start with (`/fr/`) and its own 404 page (`/fr/404.html`).
        let basePath: String
        let pageURL: String
    }
}

extension SiteModel {
    /// How many characters the home page features, and which: the most seen, so the page opens on faces fans know.
    static let featuredCount = 8

    func homePage() throws -> SitePage {
        let total = recordCounts
        let counts = [
            HomePage.Count(label: try strings("nav_characters"), value: count(total.characters),
                           url: link(.characters(page: 1))),
            HomePage.Count(label: try strings("nav_locations"), value: count(total.locations),
                           url: link(.locations(page: 1))),
            HomePage.Count(label: try strings("nav_episodes"), value: count(total.episodes),
                           url: link(.episodes)),
        ]
        let content = HomePage(
            counts: counts,
            hasLocations: total.locations > 0,
            places: try placesStrip(),
            featured: try featuredIDs.compactMap(character).map { character throws in try card(character) },
            groups: try groupIndexLinks(),
            chart: try statistics().charts.first.map { chart throws in
                HomePage.ChartPreview(
                    title: chart.title,
                    svg: try drawing(chart.kind, title: chart.title, description: chart.description, chart.figures)
                        .svg(idPrefix: "home-chart"))
            },
            random: randomRead,
            searchURL: link(.search), azURL: link(.characters(page: 1, order: .alphabetical)),
            azTitle: try strings("characters_az_title"), introduction: try prose(.home))
        // home.md's front matter titles the page (`Title · Site`) and describes it to search engines.
        let written = heading(.home)
        let siteName = try strings("site_name")
        return try page(
            .home, title: written?.title ?? siteName, heading: siteName,
            description: try written?.summary ?? strings.format("home_description", [
                "characters": count(total.characters), "locations": count(total.locations),
                "episodes": count(total.episodes),
            ]),
            content: content)
    }

    func groupIndexLinks() throws -> [RecordLink] {
        [RecordLink(name: try strings("dimensions_title"), url: link(.dimensions))]
            + (try PageFamily.all.map { family throws in
                RecordLink(name: try strings("\(family.indexKeys)_title"), url: link(.familyIndex(family)))
            })
            + [RecordLink(name: try strings("seasons_title"), url: link(.seasons))]
    }

    func notFoundPage() throws -> SitePage {
        let isRoot = configuration.basePath == configuration.rootPath
        let others = isRoot ? languages.compactMap { language -> NotFoundPage.Language? in
            guard let text = language.notFound, language.configuration.basePath != configuration.basePath else { return nil }
            return NotFoundPage.Language(
                code: language.code, title: text.title, home: text.home, homeURL: language.configuration.link(Route.home.relativeURL),
                basePath: language.configuration.basePath, pageURL: language.configuration.link(Route.notFound.relativeURL))
        } : []
        return try page(
            .notFound, title: try strings("notfound_title"),
            description: try strings("notfound_description"),
            content: NotFoundPage(homeURL: link(.home), languages: others, hasLanguages: !others.isEmpty))
    }
}
