import Mustache
import RickAndMortyAPI

struct EpisodeIndexPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.episodes

    struct Season: Encodable, Sendable, Equatable {
        let title: String
        /// Nil for the episodes whose code names no season.
        let number: Int?
        /// `season-1`, for in-page links.
        let anchor: String
        /// The season's own page; nil for "Other".
        let url: String?
        let episodeCount: String
        let episodes: [EpisodeSummary]
        /// On a character page, whether the season's fold starts open (see `SiteModel.openSeasons`).
        var isOpen = false
    }

    let seasons: [Season]
}

struct EpisodePage: PageModel, Encodable, Equatable {
    static let kind = PageKind.episode

    let code: String
    let name: String
    /// The name the data gives, when this language names the episode otherwise ("Pilot" beside "Pilote").
    let originalName: RecordLink?
    let airDate: String
    let airDateISO: String?
    let created: String
    let createdISO: String?
    /// "Added to the API" (the record's date, not the episode's), or "Added to the wiki" for a day a local
    /// record gives (the API never had it).
    let createdLabel: String
    let castSize: String
    let characters: CharacterList
    let hasCharacters: Bool
    let previous: RecordLink?
    let next: RecordLink?
    /// "Season 3": the season the code names, nil when it names none.
    let season: RecordLink?
    /// The characters whose first episode this is (see `Dataset.debutIDsByEpisode`).
    let debuts: CharacterList
    let hasDebuts: Bool
    /// Everyone in the cast debuts here (the pilot): a sentence says so instead of the same cards twice.
    let castAllDebut: Bool
    let debutCount: String
    let prose: Prose?
    let mentions: Mentions?
}

extension SiteModel {
    func episodeIndexPage() throws -> SitePage {
        let episodes = allEpisodes
        let seasons = try seasonGroups(episodes)
        return try page(
            .episodes, title: try strings("episodes_title"),
            description: try strings.format("episodes_description", [
                "count": count(episodes.count), "seasons": count(seasons.filter { $0.number != nil }.count),
            ]),
            content: EpisodeIndexPage(seasons: seasons))
    }

    /// Episodes by season, seasons in order, each in episode order; episodes whose code names no season
    /// (hostile data) close the list as "Other episodes". The episodes index and every character page use it.
    func seasonGroups(_ episodes: [EpisodeRecord]) throws -> [EpisodeIndexPage.Season] {
        var bySeason: [Int: [EpisodeRecord]] = [:]
        var unsorted: [EpisodeRecord] = []
        for episode in episodes {
            if let code = EpisodeCode(episode.episode) {
                bySeason[code.season, default: []].append(episode)
            } else {
                unsorted.append(episode)
            }
        }
        func season(_ title: String, number: Int?, anchor: String, url: String? = nil, _ episodes: [EpisodeRecord]) throws
            -> EpisodeIndexPage.Season
        {
            let ordered = episodes.sorted {
                (EpisodeCode($0.episode)?.number ?? 0, $0.id) < (EpisodeCode($1.episode)?.number ?? 0, $1.id)
            }
            return EpisodeIndexPage.Season(
                title: title, number: number, anchor: anchor, url: url,
                episodeCount: try strings.plural("season_episodes_count", count: ordered.count),
                episodes: try ordered.map { episode throws in try summary(episode) })
        }
        var seasons = try bySeason.keys.sorted().map { number throws in
            try season(try seasonName(number), number: number, anchor: "season-\(number)",
                       url: link(.season(number, page: 1)), bySeason[number] ?? [])
        }
        if !unsorted.isEmpty {
            seasons.append(try season(try strings("season_other"), number: nil, anchor: "season-other", unsorted))
        }
        return seasons
    }

    func episodePage(_ episode: EpisodeRecord) throws -> SitePage {
        let airDate = CalendarDate(airDate: episode.airDate)
        let created = CalendarDate(iso8601: episode.created)
        let cast = try cards(self.characterIDs(inEpisode: episode.id))
        let debuts = try cards(debutIDs(inEpisode: episode.id))
        let neighbours = self.neighbours(ofEpisode: episode.id)
        func neighbourLink(_ other: EpisodeRecord?) -> RecordLink? {
            other.map { RecordLink(name: "\($0.episode) · \($0.name)", url: link(.episode($0.id))) }
        }
        let content = EpisodePage(
            code: episode.episode, name: episode.name, originalName: originalName(of: .episode(episode.id)),
            airDate: try airDate?.formatted(strings) ?? episode.airDate, airDateISO: airDate?.isoDay,
            created: try created?.formatted(strings) ?? episode.created, createdISO: created?.isoDay,
            createdLabel: try strings(self.isDatedLocally(.episode, episode.id) ? "info_created_locally" : "info_created"),
            castSize: count(cast.count), characters: characterList(cast, eager: true), hasCharacters: !cast.isEmpty,
            previous: neighbourLink(neighbours.previous), next: neighbourLink(neighbours.next),
            season: try seasonLink(episode),
            debuts: characterList(debuts, eager: false), hasDebuts: !debuts.isEmpty, castAllDebut: !debuts.isEmpty && debuts.map(\.id) == cast.map(\.id),
            debutCount: count(debuts.count),
            prose: try prose(.episode(episode.id)), mentions: try mentions(of: .episode(episode.id)))
        return try page(
            .episode(episode.id), title: "\(episode.episode) · \(episode.name)",
            heading: episode.name,
            description: try content.prose?.summary ?? strings.format("episode_description", [
                "code": episode.episode, "name": episode.name, "date": content.airDate,
                "cast": try strings.plural("episode_cast_count", count: cast.count),
            ]),
            ogType: "video.episode",
            content: content)
    }
}

extension EpisodeIndexPage.Season: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object([
            "title": .string(title), "number": number.map(MustacheValue.int) ?? .null, "anchor": .string(anchor),
            "url": MustacheValue(url), "episodeCount": .string(episodeCount), "episodes": MustacheValue(episodes),
            "isOpen": .bool(isOpen),
        ])
    }
}

extension EpisodePage: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object([
            "code": .string(code), "name": .string(name), "originalName": MustacheValue(originalName), "airDate": .string(airDate), "airDateISO": MustacheValue(airDateISO),
            "created": .string(created), "createdISO": MustacheValue(createdISO),
            "createdLabel": .string(createdLabel), "castSize": .string(castSize),
            "characters": characters.mustacheValue, "hasCharacters": .bool(hasCharacters),
            "previous": MustacheValue(previous), "next": MustacheValue(next), "season": MustacheValue(season),
            "debuts": debuts.mustacheValue, "hasDebuts": .bool(hasDebuts), "castAllDebut": .bool(castAllDebut),
            "debutCount": .string(debutCount),
            "prose": MustacheValue(prose), "mentions": MustacheValue(mentions),
        ])
    }
}
