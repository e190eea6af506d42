/// One value of a chart: what it is called, how big it is, how its number reads, where it links,
/// and the CSS class that colours it (the site's stylesheet themes every chart, light and dark).
package struct ChartDatum: Sendable, Equatable {
    package var label: String
    package var value: Double
    package var valueLabel: String
    package var link: String?
    package var colorClass: String?
    /// What an axis shows for this datum where the label would be too long (a line chart's x axis).
    package var shortLabel: String

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
