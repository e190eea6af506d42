import Primitives

/// A chart drawn as an SVG string at build time: no script, no library, themed by the page's CSS
/// (classes only; the one colour used inline is `currentColor`). It scales with its container
/// (`viewBox`, `width="100%"`), and names itself for assistive technology with `<title>` and `<desc>`.
package struct Chart: Sendable, Equatable {
    var kind: ChartKind
    var title: String
    var description: String
    var data: [ChartDatum]
    /// How a share reads in the page's language: `{value}` is replaced by the number ("60%", "60 %").
    var percentFormat: String
    /// What separates a number's decimals in the page's language ("53.1", "53,1").
    var decimalSeparator: String
    /// What joins a mark's label and its value when the mark is named ("Alive: 439", French "Vivants\u{202F}: 439").
    var labelSeparator: String

    package init(
        kind: ChartKind, title: String, description: String, data: [ChartDatum], percentFormat: String = "{value}%",
        decimalSeparator: String = ".", labelSeparator: String = ": "
    ) {
        self.kind = kind
        self.title = title
        self.description = description
        self.data = data
        self.percentFormat = percentFormat
        self.decimalSeparator = decimalSeparator
        self.labelSeparator = labelSeparator
    }

    static let width = 640.0

    /// A donut is its ring's width, the legend below it.
    static let donutWidth = 260.0

    var viewWidth: Double { kind == .donut ? Self.donutWidth : Self.width }

    /// The SVG element. `idPrefix` keeps the ids of several charts on one page apart.
    package func svg(idPrefix: String) -> String {
        let body: (height: Double, content: String)
        switch kind {
        case .bar: body = barBody()
        case .column: body = columnBody()
        case .line: body = lineBody()
        case .donut: body = donutBody()
        }
        let prefix = XMLText.escape(idPrefix)
        // Links inside an `img` would be hidden from assistive technology, so a chart with links is a group.
        let role = data.contains { $0.link != nil } ? "group" : "img"
        // The element's class names the kind apart from its marks' classes (`chart-bar` is a bar): a class
        // shared by the `<svg>` and a mark would give every label the mark's fill and stroke.
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="chart-svg chart-svg-\(kind.rawValue)" viewBox="0 0 \(n(viewWidth)) \(n(body.height))" \
            width="100%" role="\(role)" aria-labelledby="\(prefix)-title \(prefix)-desc" font-family="inherit">
            <title id="\(prefix)-title">\(XMLText.escape(title))</title>
            <desc id="\(prefix)-desc">\(XMLText.escape(description))</desc>
            \(body.content)</svg>
            """
    }

    var maximum: Double { max(data.map(\.value).max() ?? 0, 0) }

    func n(_ value: Double) -> String { SVGNumber.text(value) }

    /// Wraps a mark in a link when the datum has one; the link is named by the datum's label and value.
    func linked(_ datum: ChartDatum, _ mark: String) -> String {
        let name = XMLText.escape(datum.label + labelSeparator + datum.valueLabel)
        let tooltip = "<title>\(name)</title>"
        guard let link = datum.link else { return "<g>\(tooltip)\(mark)</g>" }
        return "<a href=\"\(XMLText.escape(link))\" aria-label=\"\(name)\">" + tooltip + mark + "</a>"
    }

    func classes(_ base: String, _ datum: ChartDatum) -> String {
        datum.colorClass.map { "\(base) \(XMLText.escape($0))" } ?? base
    }

    func emptyBody(height: Double) -> (height: Double, content: String) {
        (height, "<text class=\"chart-label\" x=\"\(n(Self.width / 2))\" y=\"\(n(height / 2))\" text-anchor=\"middle\" font-size=\"14\">—</text>\n")
    }
}

/// The shapes a chart can take.
package enum ChartKind: String, Sendable, CaseIterable, Codable {
    /// Horizontal bars, a label on the left of each: rankings with long names.
    case bar
    /// Vertical columns with labels below: a few categories in order (seasons).
    case column
    /// A line through many points in order (an episode each), every point a link.
    case line
    /// Shares of a whole, with a legend.
    case donut
}

/// One value of a chart: what it is called, how big it is, how its number reads, where it links,
/// and the CSS class that colours it (the site's stylesheet themes every chart, light and dark).
package struct ChartDatum: Sendable, Equatable {
    var label: String
    var value: Double
    var valueLabel: String
    var link: String?
    var colorClass: String?
    /// What an axis shows for this datum where the label would be too long (a line chart's x axis).
    var shortLabel: String

    package init(
        label: String, value: Double, valueLabel: String? = nil, link: String? = nil, colorClass: String? = nil,
        shortLabel: String? = nil
    ) {
        self.label = label
        self.shortLabel = shortLabel ?? label
        self.value = value.isFinite ? max(0, value) : 0
        self.valueLabel = valueLabel ?? SVGNumber.text(value.isFinite ? value : 0)
        self.link = link
        self.colorClass = colorClass
    }
}

/// Numbers as SVG and labels want them: no exponent, no grouping, no locale, at most two decimals,
/// integers without a fraction.
enum SVGNumber {
    static func text(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded()
        if hundredths.magnitude >= 1e15 { return String(Int64(value.rounded())) }
        let whole = Int64(hundredths) / 100
        let fraction = Int64(hundredths.magnitude) % 100
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        if fraction == 0 { return sign + String(whole) }
        let digits = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
        return sign + String(whole) + "." + digits
    }
}
