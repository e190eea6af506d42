import RickAndMortyAPI

extension SiteModel {
    /// How many characters the home page features, and which: the most seen, so the page opens on faces fans know.
    static let featuredCount = 8

    func homePage() throws -> SitePage {
        let counts = [
            HomePage.Count(label: try strings("nav_characters"), value: count(dataset.characters.count),
                           url: link(.characters(page: 1))),
            HomePage.Count(label: try strings("nav_locations"), value: count(dataset.locations.count),
                           url: link(.locations(page: 1))),
            HomePage.Count(label: try strings("nav_episodes"), value: count(dataset.episodes.count),
                           url: link(.episodes)),
        ]
        let featured = dataset.characters
            .sorted { (-dataset.episodeIDs(ofCharacter: $0.id).count, $0.id) < (-dataset.episodeIDs(ofCharacter: $1.id).count, $1.id) }
            .prefix(Self.featuredCount)
        let content = HomePage(
            counts: counts,
            hasLocations: !dataset.locations.isEmpty,
            locations: try dataset.locations.map { location throws in try card(location) },
            featured: try featured.map { character throws in try card(character) })
        return try page(
            .home, template: "home", title: try strings("site_name"),
            description: try strings.format("home_description", [
                "characters": count(dataset.characters.count), "locations": count(dataset.locations.count),
                "episodes": count(dataset.episodes.count),
            ]),
            content: .home(content))
    }

    func notFoundPage() throws -> SitePage {
        try page(
            .notFound, template: "404", title: try strings("notfound_title"),
            description: try strings("notfound_description"),
            content: .notFound(NotFoundPage(homeURL: link(.home))))
    }
}
