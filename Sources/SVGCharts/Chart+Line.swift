import Primitives
extension Chart {
    /// A line through every point in order, each point a (linked) dot; the y axis has four gridlines and
    /// the x axis names every few points by their short label.
    func lineBody() -> (height: Double, content: String) {
        let height = 300.0, top = 16.0, baseline = 250.0, left = 44.0, right = 16.0
        guard !data.isEmpty else { return emptyBody(height: height) }
        let step = data.count > 1 ? (Self.width - left - right) / Double(data.count - 1) : 0
        let gridStep = Self.niceStep(maximum)
        let ticks = gridStep > 0 ? Int((maximum / gridStep).rounded(.up)) : 4
        let ceiling = gridStep * Double(ticks)
        let scale = ceiling > 0 ? (baseline - top) / ceiling : 0
        func x(_ index: Int) -> Double { data.count > 1 ? left + step * Double(index) : (left + Self.width - right) / 2 }
        func y(_ value: Double) -> Double { baseline - value * scale }

        var out = ""
        for tick in 0...max(ticks, 1) where gridStep > 0 || tick == 0 {
            let value = gridStep * Double(tick)
            out += "<line class=\"chart-grid\" x1=\"\(n(left))\" y1=\"\(n(y(value)))\" x2=\"\(n(Self.width - right))\" y2=\"\(n(y(value)))\" stroke=\"currentColor\" stroke-opacity=\"0.15\"/>"
            out += "<text class=\"chart-label\" x=\"\(n(left - 6))\" y=\"\(n(y(value) + 4))\" text-anchor=\"end\" font-size=\"12\">\(n(value))</text>\n"
        }
        let points = data.indices.map { "\(n(x($0))),\(n(y(data[$0].value)))" }.joined(separator: " ")
        out += "<polyline class=\"chart-trace\" points=\"\(points)\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>\n"
        let labelEvery = max(1, Int((Double(data.count) / 8).rounded(.up)))
        let last = data.count - 1
        for (index, datum) in data.enumerated() {
            let dot = "<circle class=\"\(classes("chart-point", datum))\" cx=\"\(n(x(index)))\" cy=\"\(n(y(datum.value)))\" r=\"5\"/>"
            out += linked(datum, dot) + "\n"
            // Every few points and the last one; a regular label too close to the last would print over it.
            let regular = index % labelEvery == 0 && (index == last || last - index >= labelEvery)
            if regular || index == last {
                // The end labels hang inwards, so they stay inside the drawing.
                let anchor = data.count > 1 && index == 0 ? "start" : data.count > 1 && index == last ? "end" : "middle"
                let labelX = anchor == "start" ? x(index) - 6 : anchor == "end" ? x(index) + 6 : x(index)
                out += "<text class=\"chart-label\" x=\"\(n(labelX))\" y=\"\(n(baseline + 20))\" text-anchor=\"\(anchor)\" font-size=\"12\">"
                    + XMLText.escape(XMLText.shortened(datum.shortLabel, to: 10)) + "</text>\n"
            }
        }
        return (height, out)
    }

    /// The gridline step: 1, 2 or 5 times a power of ten (never below 1), so that about four steps reach
    /// `value`: a maximum of 65 gets gridlines 0, 20, 40, 60, 80 rather than an axis running to 100.
    static func niceStep(_ value: Double) -> Double {
        guard value > 0 else { return 0 }
        let rough = value / 4
        var magnitude = 1.0
        while magnitude * 10 <= rough { magnitude *= 10 }
        for factor in [1.0, 2.0, 5.0, 10.0] where magnitude * factor >= rough { return magnitude * factor }
        return magnitude * 10
    }
}
