// The SVGCharts module: charts drawn as SVG at build time (`Chart`, and a file per shape).

import Primitives

extension Chart {
    /// Horizontal bars: label on the left (cut when long), bar proportional to the value, value after it.
    /// The label column is wide enough for 30 characters at 13 px ("Earth (Replacement Dimension)" whole);
    /// longer labels are cut with an ellipsis, the full text staying in the tooltip and the table.
    func barBody() -> (height: Double, content: String) {
        let row = 30.0, top = 8.0, labelWidth = 250.0, barStart = 260.0, barSpace = 320.0
        let height = top * 2 + row * Double(max(data.count, 1))
        guard !data.isEmpty else { return emptyBody(height: height) }
        let scale = maximum > 0 ? barSpace / maximum : 0
        var out = ""
        for (index, datum) in data.enumerated() {
            let y = top + row * Double(index)
            let length = datum.value * scale
            let label = "<text class=\"chart-label\" x=\"\(n(labelWidth))\" y=\"\(n(y + 19))\" text-anchor=\"end\" font-size=\"13\">"
                + XMLText.escape(XMLText.shortened(datum.label, to: 30)) + "</text>"
            let bar = "<rect class=\"\(classes("chart-bar", datum))\" x=\"\(n(barStart))\" y=\"\(n(y + 5))\" width=\"\(n(length))\" height=\"20\" rx=\"3\"/>"
            let value = "<text class=\"chart-value\" x=\"\(n(barStart + length + 6))\" y=\"\(n(y + 19))\" font-size=\"13\">"
                + XMLText.escape(datum.valueLabel) + "</text>"
            out += linked(datum, label + bar + value) + "\n"
        }
        return (height, out)
    }
}

extension Chart {
    /// Vertical columns over a baseline, the value above each and its label below.
    func columnBody() -> (height: Double, content: String) {
        let height = 280.0, top = 24.0, baseline = 240.0, left = 20.0, right = 20.0
        guard !data.isEmpty else { return emptyBody(height: height) }
        let slot = (Self.width - left - right) / Double(data.count)
        let columnWidth = min(80, slot * 0.6)
        let scale = maximum > 0 ? (baseline - top) / maximum : 0
        var out = "<line class=\"chart-axis\" x1=\"\(n(left))\" y1=\"\(n(baseline))\" x2=\"\(n(Self.width - right))\" y2=\"\(n(baseline))\" stroke=\"currentColor\" stroke-opacity=\"0.4\"/>\n"
        for (index, datum) in data.enumerated() {
            let center = left + slot * (Double(index) + 0.5)
            let columnHeight = datum.value * scale
            let column = "<rect class=\"\(classes("chart-column", datum))\" x=\"\(n(center - columnWidth / 2))\" y=\"\(n(baseline - columnHeight))\" width=\"\(n(columnWidth))\" height=\"\(n(columnHeight))\" rx=\"3\"/>"
            let value = "<text class=\"chart-value\" x=\"\(n(center))\" y=\"\(n(baseline - columnHeight - 6))\" text-anchor=\"middle\" font-size=\"14\">"
                + XMLText.escape(datum.valueLabel) + "</text>"
            let label = "<text class=\"chart-label\" x=\"\(n(center))\" y=\"\(n(baseline + 22))\" text-anchor=\"middle\" font-size=\"14\">"
                + XMLText.escape(XMLText.shortened(datum.shortLabel, to: Int(slot / 8))) + "</text>"
            out += linked(datum, column + value + label) + "\n"
        }
        return (height, out)
    }
}
