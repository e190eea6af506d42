import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import SVGCharts

/// Parses SVG as XML and collects the elements, so tests read the drawing, not its text.
final class SVGReader: NSObject, XMLParserDelegate {
    struct Element {
        let name: String
        let attributes: [String: String]
    }

    private(set) var elements: [Element] = []
    private(set) var text = ""

    static func read(_ svg: String) -> SVGReader? {
        let reader = SVGReader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        return parser.parse() ? reader : nil
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append(Element(name: name, attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }
}

@Suite struct ChartTests {
    static let hostile = [
        ChartDatum(label: "<script>alert(1)</script>", value: 3, link: "/a?x=1&y=\"2\"", colorClass: "status-alive"),
        ChartDatum(label: "Rick's \"best\" & <b>", value: 1, link: "/b/"),
        ChartDatum(label: "مرحبا 👽", value: 0),
    ]

    @Test(arguments: ChartKind.allCases)
    func everyKindIsWellFormedAndEscapesItsText(kind: ChartKind) throws {
        let chart = Chart(kind: kind, title: "T <&>", description: "D \"'", data: Self.hostile)
        let svg = chart.svg(idPrefix: "c1")
        let reader = try #require(SVGReader.read(svg), "not well-formed XML:\n\(svg)")
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("<b>"))
        #expect(reader.text.contains("T <&>"))
        let root = try #require(reader.elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["aria-labelledby"] == "c1-title c1-desc")
        #expect(root.attributes["role"] == "group", "a chart with links must not hide them inside role=img")
        let links = reader.all("a").compactMap { $0.attributes["href"] }
        #expect(links.contains("/a?x=1&y=\"2\""))
        #expect(links.contains("/b/"))
    }

    @Test func barsAreProportionalToTheirValues() throws {
        let chart = Chart(kind: .bar, title: "t", description: "d", data: [
            ChartDatum(label: "a", value: 40), ChartDatum(label: "b", value: 10), ChartDatum(label: "c", value: 20),
        ])
        let reader = try #require(SVGReader.read(chart.svg(idPrefix: "p")))
        let widths = reader.all("rect").compactMap { $0.attributes["width"].flatMap(Double.init) }
        #expect(widths.count == 3)
        #expect(abs(widths[0] / widths[1] - 4) < 0.01)
        #expect(abs(widths[2] / widths[1] - 2) < 0.01)
        #expect(reader.elements.first?.attributes["role"] == "img")
    }

    @Test func columnsAndPointsFollowTheValues() throws {
        let data = [ChartDatum(label: "s1", value: 11), ChartDatum(label: "s2", value: 10), ChartDatum(label: "s3", value: 0)]
        let columns = try #require(SVGReader.read(Chart(kind: .column, title: "t", description: "d", data: data).svg(idPrefix: "x")))
        let heights = columns.all("rect").compactMap { $0.attributes["height"].flatMap(Double.init) }
        #expect(heights.count == 3 && heights[0] > heights[1] && heights[2] == 0)
        let line = try #require(SVGReader.read(Chart(kind: .line, title: "t", description: "d", data: data).svg(idPrefix: "y")))
        let ys = line.all("circle").compactMap { $0.attributes["cy"].flatMap(Double.init) }
        #expect(ys.count == 3 && ys[0] < ys[1] && ys[1] < ys[2], "a higher value is drawn higher up")
    }

    @Test func donutSlicesShareTheWholeRing() throws {
        let one = try #require(SVGReader.read(Chart(kind: .donut, title: "t", description: "d", data: [
            ChartDatum(label: "all", value: 5),
        ]).svg(idPrefix: "d")))
        #expect(one.all("path").count == 1, "a single 100% slice is still drawn")
        let three = try #require(SVGReader.read(Chart(kind: .donut, title: "t", description: "d", data: [
            ChartDatum(label: "a", value: 1), ChartDatum(label: "b", value: 1), ChartDatum(label: "c", value: 2),
        ]).svg(idPrefix: "d")))
        #expect(three.all("path").count == 3)
        #expect(three.text.contains("50%") && three.text.contains("25%"))
    }

    @Test(arguments: ChartKind.allCases)
    func emptyAndZeroDataStillMakeValidSVG(kind: ChartKind) throws {
        for data in [[], [ChartDatum(label: "zero", value: 0)], [ChartDatum(label: "not a number", value: .nan), ChartDatum(label: "infinite", value: .infinity)]] {
            let svg = Chart(kind: kind, title: "t", description: "d", data: data).svg(idPrefix: "e")
            #expect(SVGReader.read(svg) != nil, "\(kind) with \(data.count) items")
            #expect(!svg.contains("\"nan") && !svg.contains("\"inf") && !svg.contains(" nan") && !svg.contains(" inf"))
        }
    }

    @Test func outputIsDeterministic() {
        let chart = Chart(kind: .line, title: "t", description: "d", data: (1...51).map { ChartDatum(label: "E\($0)", value: Double($0 % 7)) })
        #expect(chart.svg(idPrefix: "a") == chart.svg(idPrefix: "a"))
    }

    @Test(arguments: [(0.0, "0"), (12, "12"), (12.5, "12.5"), (0.05, "0.05"), (1e-7, "0"), (123456789, "123456789"), (-2.25, "-2.25")])
    func numbersHaveNoExponentOrGrouping(value: Double, text: String) {
        #expect(SVGNumber.text(value) == text)
    }
}

/// The drawing a phone shows: rows that grow down, never sideways, each linked row one large target.
@Suite struct NarrowChartTests {
    static let episodes = (1...51).map { ChartDatum(label: "S0\($0 % 5 + 1)E\($0) · An episode with a long title \($0)", value: Double($0 % 7 + 1), link: "/episodes/\($0)/", shortLabel: "S\($0)") }

    @Test(arguments: [ChartKind.bar, .column, .line])
    func everyRowFitsTheNarrowWidth(kind: ChartKind) throws {
        let chart = Chart(kind: kind, title: "T", description: "D", data: Self.episodes)
        let svg = try #require(chart.narrowSVG(idPrefix: "n"))
        let reader = try #require(SVGReader.read(svg), "not well-formed XML:\n\(svg)")
        let root = try #require(reader.elements.first)
        let viewBox = (root.attributes["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) }
        #expect(viewBox.count == 4 && viewBox[2] == 300, "\(viewBox)")
        #expect(root.attributes["aria-labelledby"] == "n-title n-desc")
        #expect(reader.all("a").count == 51)
        // Each row's target spans the whole width, at least 24 px tall once drawn 270 px wide (a 320 px phone).
        let areas = reader.all("rect").filter { $0.attributes["class"] == "chart-row-area" }
        #expect(areas.count == 51)
        #expect(areas.allSatisfy { Double($0.attributes["width"] ?? "") == 300 && (Double($0.attributes["height"] ?? "") ?? 0) * 270 / 300 >= 24 })
        // Bars and their values stay inside the width: the longest bar and its value label end before 300.
        let bars = reader.all("rect").filter { $0.attributes["class"]?.hasPrefix("chart-bar") == true }
        let longest = bars.compactMap { Double($0.attributes["width"] ?? "") }.max() ?? 0
        #expect(longest > 0 && longest + 6 + 8.5 * 1 <= 300)
        let values = reader.all("text").filter { $0.attributes["class"] == "chart-value" }
        #expect(values.allSatisfy { (Double($0.attributes["x"] ?? "") ?? 999) <= 300 - 8.5 })
        // Full labels (to 36 characters), not the axis's short ones.
        #expect(reader.text.contains("S02E1 · An episode with a long titl…"))
        #expect(reader.text.contains("S03E12 · An episode with a long tit…"))
    }

    @Test func aDonutNeedsNoSecondDrawingAndStaysNarrow() throws {
        let chart = Chart(kind: .donut, title: "T", description: "D", data: [
            ChartDatum(label: "Alive", value: 439), ChartDatum(label: "Dead", value: 287), ChartDatum(label: "unknown", value: 100),
        ])
        #expect(chart.narrowSVG(idPrefix: "d") == nil)
        let reader = try #require(SVGReader.read(chart.svg(idPrefix: "d")))
        let viewBox = (reader.elements.first?.attributes["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) }
        #expect(viewBox.count == 4 && viewBox[2] <= 260, "\(viewBox)")
        let texts = reader.all("text").compactMap { $0.attributes["x"].flatMap(Double.init) }
        #expect(texts.allSatisfy { $0 < viewBox[2] })
    }
}
