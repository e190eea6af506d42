import Mustache
import RickAndMortyAPI

/// The seasons in order, each with its numbers.
struct SeasonIndexPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.seasons

    let seasons: [GroupEntry]
}

/// A season: its episodes (on the first page), then everyone who appears in it as cards, a page at a time:
/// first the characters it introduces (whose first episode is in it), then those back from earlier seasons.
struct SeasonPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.season

    let name: String
    let indexURL: String
    let episodeCount: String
    let characterCount: String
    let debutCount: String
    let returningCount: String
    let aired: String?
    /// The season's episodes, on its first page only: later pages link back to it.
    let episodes: [EpisodeSummary]
    let firstPage: RecordLink?
    /// This page's part of the cast: the debuts, then the returning characters.
    let debuts: [CharacterCard]
    let hasDebuts: Bool
    let returning: [CharacterCard]
    let hasReturning: Bool
    let hasCast: Bool
    let pager: Pager?
    let previous: RecordLink?
    let next: RecordLink?
    let hasNeighbours: Bool
}

extension SiteModel {
    func seasonName(_ number: Int) throws -> String {
        try strings.format("season_title", ["number": String(number)])
    }

    /// "11 episodes", "211 characters", "211 first appearances".
    func seasonCounts(_ season: RecordGroups.Season) throws -> [String] {
        [
            try strings.plural("season_episodes_count", count: season.episodeIDs.count),
            try strings.plural("group_characters_count", count: season.castCount),
            try strings.plural("season_debuts_count", count: season.debutIDs.count),
        ]
    }

    func seasonIndexPage() throws -> SitePage {
        let seasons = listedSeasons
        let entries = try seasons.map { season throws in
            GroupEntry(name: try seasonName(season.number), url: link(.season(season.number, page: 1)),
                       detail: try seasonCounts(season).joined(separator: " · "))
        }
        return try page(
            .seasons, title: try strings("seasons_title"),
            description: try strings.plural("seasons_description", count: seasons.count),
            content: SeasonIndexPage(seasons: entries))
    }

    func seasonPages(_ season: RecordGroups.Season, only page: Int? = nil) throws -> [SitePage] {
        let name = try seasonName(season.number)
        let counts = try seasonCounts(season).joined(separator: ", ")
        let episodes = season.episodeIDs.compactMap(self.episode)
        let firstAired = episodes.first.flatMap { CalendarDate(airDate: $0.airDate) }
        let lastAired = episodes.last.flatMap { CalendarDate(airDate: $0.airDate) }
        var aired: String?
        if let firstAired, let lastAired {
            aired = try strings.format("season_aired", [
                "from": try firstAired.formatted(strings), "to": try lastAired.formatted(strings),
            ])
        }
        let seasons = seasonGroups
        let position = seasons.firstIndex(of: season)
        func neighbour(_ offset: Int) throws -> RecordLink? {
            guard let position, seasons.indices.contains(position + offset) else { return nil }
            let other = seasons[position + offset]
            return RecordLink(name: try seasonName(other.number), url: link(.season(other.number, page: 1)))
        }
        let previous = try neighbour(-1), next = try neighbour(1)
        let cast = season.debutIDs + season.returningIDs
        return try pagedGroup(
            listing: cast.count, only: page, route: { .season(season.number, page: $0) }, heading: name,
            title: { try groupTitle("season_page_title", name: name, page: $0) },
            descriptionKey: "season_description", descriptionValues: ["name": name, "counts": counts]
        ) { positions, pager in
            let first = positions.lowerBound == 0
            let debuts = positions.clamped(to: 0..<season.debutIDs.count)
            let returning = positions.clamped(to: season.debutIDs.count..<cast.count)
            // The first page's cards come after the episodes, below the first screen.
            let debutCards = try cards(Array(cast[debuts])), returningCards = try cards(Array(cast[returning]))
            return SeasonPage(
                name: name, indexURL: link(.seasons),
                episodeCount: count(season.episodeIDs.count), characterCount: count(season.castCount),
                debutCount: count(season.debutIDs.count), returningCount: count(season.returningIDs.count), aired: aired,
                // Only the first page shows the episodes' rows, so only its maker reads them.
                episodes: first ? try episodes.map { episode throws in try summary(episode) } : [],
                firstPage: first ? nil : RecordLink(
                    name: try strings.plural("season_episodes_all", count: episodes.count, ["name": name]),
                    url: link(.season(season.number, page: 1))),
                debuts: first ? debutCards : cards(eager: debutCards), hasDebuts: !debuts.isEmpty,
                returning: first || !debuts.isEmpty ? returningCards : cards(eager: returningCards),
                hasReturning: !returning.isEmpty, hasCast: !cast.isEmpty, pager: pager,
                previous: previous, next: next, hasNeighbours: previous != nil || next != nil)
        }
    }

    /// The link from an episode to its season's page; nil for an episode whose code names no season.
    func seasonLink(_ episode: EpisodeRecord) throws -> RecordLink? {
        guard let number = EpisodeCode(episode.episode)?.season, seasonGroup(number) != nil else { return nil }
        return RecordLink(name: try seasonName(number), url: link(.season(number, page: 1)))
    }
}

extension SeasonPage: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object([
            "name": .string(name), "indexURL": .string(indexURL), "episodeCount": .string(episodeCount),
            "characterCount": .string(characterCount), "debutCount": .string(debutCount),
            "returningCount": .string(returningCount), "aired": MustacheValue(aired),
            "episodes": MustacheValue(episodes), "firstPage": MustacheValue(firstPage),
            "debuts": MustacheValue(debuts), "hasDebuts": .bool(hasDebuts),
            "returning": MustacheValue(returning), "hasReturning": .bool(hasReturning), "hasCast": .bool(hasCast),
            "pager": MustacheValue(pager), "previous": MustacheValue(previous), "next": MustacheValue(next),
            "hasNeighbours": .bool(hasNeighbours),
        ])
    }
}
