import RickAndMortyAPI

package struct EpisodeIndexPage: PageModel, Codable, Equatable {
    package static let kind = PageKind.episodes

    package struct Season: Codable, Sendable, Equatable {
        package let title: String
        /// `season-1`, for in-page links.
        package let anchor: String
        /// The season's own page; nil for "Other".
        package let url: String?
        package let episodeCount: String
        package let episodes: [EpisodeSummary]
    }

    package let seasons: [Season]
}

package struct EpisodePage: PageModel, Codable, Equatable {
    package static let kind = PageKind.episode

    package let code: String
    package let name: String
    package let airDate: String
    package let airDateISO: String?
    package let created: String
    package let createdISO: String?
    package let castSize: String
    package let characters: [CharacterCard]
    package let hasCharacters: Bool
    package let previous: RecordLink?
    package let next: RecordLink?
    /// The season's page.
    package let season: RecordLink?
}

extension SiteModel {
    func episodeIndexPage() throws -> SitePage {
        // Seasons in order; episodes whose code names no season (hostile data) close the list as "Other".
        var bySeason: [Int: [EpisodeRecord]] = [:]
        var unsorted: [EpisodeRecord] = []
        for episode in dataset.episodes {
            if let code = EpisodeCode(episode.episode) {
                bySeason[code.season, default: []].append(episode)
            } else {
                unsorted.append(episode)
            }
        }
        func season(_ title: String, anchor: String, url: String? = nil, _ episodes: [EpisodeRecord]) throws
            -> EpisodeIndexPage.Season
        {
            let ordered = episodes.sorted {
                (EpisodeCode($0.episode)?.number ?? 0, $0.id) < (EpisodeCode($1.episode)?.number ?? 0, $1.id)
            }
            return EpisodeIndexPage.Season(
                title: title, anchor: anchor, url: url,
                episodeCount: try strings.plural("season_episodes_count", count: ordered.count),
                episodes: try ordered.map { episode throws in try summary(episode) })
        }
        var seasons = try bySeason.keys.sorted().map { number throws in
            try season(try strings.format("season_title", ["number": String(number)]),
                       anchor: "season-\(number)", url: link(.season(number, page: 1)), bySeason[number] ?? [])
        }
        if !unsorted.isEmpty {
            seasons.append(try season(try strings("season_other"), anchor: "season-other", unsorted))
        }
        return try page(
            .episodes, title: try strings("episodes_title"),
            description: try strings.format("episodes_description", [
                "count": count(dataset.episodes.count), "seasons": count(bySeason.count),
            ]),
            content: EpisodeIndexPage(seasons: seasons))
    }

    func episodePage(_ episode: EpisodeRecord) throws -> SitePage {
        let airDate = CalendarDate(airDate: episode.airDate)
        let created = CalendarDate(iso8601: episode.created)
        let cast = try cards(dataset.characterIDs(inEpisode: episode.id))
        let position = dataset.episodes.firstIndex { $0.id == episode.id }
        func neighbour(_ offset: Int) -> RecordLink? {
            guard let position, dataset.episodes.indices.contains(position + offset) else { return nil }
            let other = dataset.episodes[position + offset]
            return RecordLink(name: "\(other.episode) · \(other.name)", url: link(.episode(other.id)))
        }
        let content = EpisodePage(
            code: episode.episode, name: episode.name,
            airDate: try airDate?.formatted(strings) ?? episode.airDate, airDateISO: airDate?.isoDay,
            created: try created?.formatted(strings) ?? episode.created, createdISO: created?.isoDay,
            castSize: count(cast.count), characters: cards(eager: cast), hasCharacters: !cast.isEmpty, previous: neighbour(-1), next: neighbour(1),
            season: try seasonLink(episode))
        return try page(
            .episode(episode.id), title: "\(episode.episode) · \(episode.name)",
            heading: episode.name,
            description: try strings.format("episode_description", [
                "code": episode.episode, "name": episode.name, "date": content.airDate,
                "cast": try strings.plural("episode_cast_count", count: cast.count),
            ]),
            ogType: "video.episode",
            content: content)
    }
}
