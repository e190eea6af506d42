import Mustache
import RickAndMortyAPI
import SVGCharts
import WikiModel

/// Draws the statistics as SVG charts at build time and hands them to the pages that show them:
/// every chart to the statistics page, the first (characters by status) to the home page.
struct ChartDrawing: Sendable {
    let strings: StringTable

    func extras(for pages: [SitePage]) throws -> [Route: [String: MustacheValue]] {
        var extras: [Route: [String: MustacheValue]] = [:]
        for page in pages {
            guard case .statistics(let statistics) = page.content else { continue }
            let labelHeader = try strings("stats_label_header")
            let valueHeader = try strings("stats_value_header")
            var charts: [MustacheValue] = []
            for chart in statistics.charts {
                guard case .object(var fields) = try MustacheValue(encoding: chart) else { continue }
                fields["svg"] = .string(try Self.chart(chart, strings: strings).svg(idPrefix: "chart-\(chart.id)"))
                fields["labelHeader"] = .string(labelHeader)
                fields["valueHeader"] = .string(valueHeader)
                charts.append(.object(fields))
            }
            extras[page.route] = ["charts": .array(charts)]
            if let first = statistics.charts.first {
                extras[.home] = ["chart": .object([
                    "title": .string(first.title),
                    "svg": .string(try Self.chart(first, strings: strings).svg(idPrefix: "home-chart")),
                ])]
            }
        }
        return extras
    }

    static func chart(_ chart: StatisticsPage.Chart, strings: StringTable) throws -> Chart {
        let separator = strings.entries["number_group"] ?? ","
        let data = chart.figures.map { figure in
            ChartDatum(
                label: figure.label, value: Double(figure.value), valueLabel: NumberText.grouped(figure.value, separator: separator),
                link: figure.url, colorClass: figure.cssClass, shortLabel: figure.shortLabel)
        }
        return Chart(
            kind: ChartKind(rawValue: chart.kind) ?? .bar, title: chart.title, description: chart.description, data: data,
            percentFormat: try strings("percent_format"))
    }
}
