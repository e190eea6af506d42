import RickAndMortyAPI
import SVGCharts

/// The statistics section: charts drawn at build time. Each chart keeps its figures beside its drawing,
/// so they are tested against the dataset independently of the SVG.
struct StatisticsPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.statistics

    struct Figure: Encodable, Sendable, Equatable {
        let label: String
        let value: Int
        let url: String?
        let cssClass: String?
        /// What a crowded axis shows instead of the label (an episode's code).
        let shortLabel: String?

        init(label: String, value: Int, url: String?, cssClass: String?, shortLabel: String? = nil) {
            self.label = label
            self.value = value
            self.url = url
            self.cssClass = cssClass
            self.shortLabel = shortLabel
        }
    }

    /// One chart of the page: its figures, its drawing (`SVGCharts.Chart`) and its data table's headers.
    struct ChartSection: Encodable, Sendable, Equatable {
        let id: String
        let title: String
        let description: String
        let kind: ChartKind
        let figures: [Figure]
        let svg: String
        /// The drawing a phone shows instead (`Chart.narrowSVG`); nil where `svg` reads at any width.
        let narrowSVG: String?
        /// The data table's column headers, named after what the chart counts ("Location", "Residents").
        let labelHeader: String
        let valueHeader: String
    }

    let charts: [ChartSection]
}

extension SiteModel {
    /// How many entries the "top" charts show.
    static let topCount = 10

    func makeStatistics() throws -> StatisticsPage {
        func tally(_ values: [String]) -> [String: Int] {
            values.reduce(into: [:]) { $0[$1, default: 0] += 1 }
        }
        func vocabularyFigures(
            _ known: [String], _ counts: [String: Int], badge: (String) throws -> Badge
        ) throws -> [StatisticsPage.Figure] {
            // Known values in their fixed order, then anything else the data holds, by name.
            let others = counts.keys.filter { !known.contains($0.lowercased()) }.sorted()
            var merged: [String: Int] = [:]
            for (value, number) in counts { merged[known.contains(value.lowercased()) ? value.lowercased() : value, default: 0] += number }
            return try (known + others).compactMap { value throws in
                guard let number = merged[value], number > 0 else { return nil }
                let look = try badge(value)
                return StatisticsPage.Figure(label: look.label, value: number, url: nil, cssClass: look.cssClass)
            }
        }
        func chart(_ id: String, kind: ChartKind, _ figures: [StatisticsPage.Figure]) throws
            -> StatisticsPage.ChartSection
        {
            let title = try strings("stats_\(id)_title")
            let description = try strings("stats_\(id)_description")
            let drawn = try drawing(kind, title: title, description: description, figures)
            return StatisticsPage.ChartSection(
                id: id, title: title, description: description, kind: kind, figures: figures,
                svg: drawn.svg(idPrefix: "chart-\(id)"), narrowSVG: drawn.narrowSVG(idPrefix: "chart-\(id)-narrow"),
                labelHeader: try strings("stats_\(id)_label_header"), valueHeader: try strings("stats_\(id)_value_header"))
        }

        let status = try vocabularyFigures(CharacterVocabulary.statuses, tally(dataset.characters.map(\.status))) {
            value throws in try CharacterVocabulary.statusGroup(value, strings)
        }
        let gender = try vocabularyFigures(CharacterVocabulary.genders, tally(dataset.characters.map(\.gender))) {
            value throws in try CharacterVocabulary.gender(value, strings)
        }
        let speciesCounts = tally(dataset.characters.map(\.species))
        let species = speciesByFrequency().prefix(Self.topCount).map {
            StatisticsPage.Figure(label: $0.isEmpty ? "—" : strings.term("species", $0), value: speciesCounts[$0] ?? 0, url: familyLink(.species, value: $0), cssClass: nil)
        }

        var perSeason: [Int: Int] = [:]
        for episode in dataset.episodes { if let code = EpisodeCode(episode.episode) { perSeason[code.season, default: 0] += 1 } }
        let seasons = try perSeason.keys.sorted().map { number throws in
            StatisticsPage.Figure(
                label: try strings.format("season_title", ["number": String(number)]), value: perSeason[number] ?? 0,
                url: link(.season(number, page: 1)), cssClass: nil)
        }
        // Undated episodes (hostile data) go last, in id order.
        let airOrder = dataset.episodes.sorted {
            let left = CalendarDate(airDate: $0.airDate), right = CalendarDate(airDate: $1.airDate)
            if left != right { return left.map { l in right.map { l < $0 } ?? true } ?? false }
            return $0.id < $1.id
        }
        let cast = airOrder.map {
            StatisticsPage.Figure(
                label: "\($0.episode) · \($0.name)", value: dataset.characterIDs(inEpisode: $0.id).count,
                url: link(.episode($0.id)), cssClass: nil, shortLabel: $0.episode)
        }
        let locations = dataset.locations
            .map { ($0, dataset.residentIDs(ofLocation: $0.id).count) }
            .sorted { ($1.1, $0.0.id) < ($0.1, $1.0.id) }
            .prefix(Self.topCount)
            .map { StatisticsPage.Figure(label: $0.0.name, value: $0.1, url: link(.location($0.0.id)), cssClass: nil) }
        let characters = dataset.characters
            .map { ($0, dataset.episodeIDs(ofCharacter: $0.id).count) }
            .sorted { ($1.1, $0.0.id) < ($0.1, $1.0.id) }
            .prefix(Self.topCount)
            .map { StatisticsPage.Figure(label: fullName($0.0), value: $0.1, url: link(.character($0.0.id)), cssClass: nil) }

        return StatisticsPage(charts: [
            try chart("status", kind: .donut, status),
            try chart("gender", kind: .donut, gender),
            try chart("species", kind: .bar, Array(species)),
            try chart("seasons", kind: .column, seasons),
            try chart("cast", kind: .line, cast),
            try chart("locations", kind: .bar, Array(locations)),
            try chart("appearances", kind: .bar, Array(characters)),
        ])
    }

    func drawing(_ kind: ChartKind, title: String, description: String, _ figures: [StatisticsPage.Figure]) throws -> Chart {
        let separator = strings.entries["number_group"] ?? ","
        let data = figures.map { figure in
            ChartDatum(
                label: figure.label, value: Double(figure.value), valueLabel: NumberText.grouped(figure.value, separator: separator),
                link: figure.url, colorClass: figure.cssClass, shortLabel: figure.shortLabel)
        }
        return Chart(
            kind: kind, title: title, description: description, data: data, percentFormat: try strings("percent_format"),
            decimalSeparator: strings.entries["number_decimal"] ?? ".", labelSeparator: try strings("chart_label_separator"))
    }

    func statisticsPage() throws -> SitePage {
        try page(
            .statistics, title: try strings("stats_title"),
            description: try strings("stats_description"),
            content: statistics())
    }
}
