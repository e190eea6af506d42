import Primitives
extension Chart {
    /// A line through every point in order, each point a (linked) dot; the y axis has four gridlines and
    /// the x axis names every few points by their short label.
    func lineBody() -> (height: Double, content: String) {
        let height = 300.0, top = 16.0, baseline = 250.0, left = 44.0, right = 16.0
        guard !data.isEmpty else { return emptyBody(height: height) }
        let step = data.count > 1 ? (Self.width - left - right) / Double(data.count - 1) : 0
        let ceiling = Self.niceCeiling(maximum)
        let scale = ceiling > 0 ? (baseline - top) / ceiling : 0
        func x(_ index: Int) -> Double { data.count > 1 ? left + step * Double(index) : (left + Self.width - right) / 2 }
        func y(_ value: Double) -> Double { baseline - value * scale }

        var out = ""
        for tick in 0...4 {
            let value = ceiling * Double(tick) / 4
            out += "<line class=\"chart-grid\" x1=\"\(n(left))\" y1=\"\(n(y(value)))\" x2=\"\(n(Self.width - right))\" y2=\"\(n(y(value)))\" stroke=\"currentColor\" stroke-opacity=\"0.15\"/>"
            out += "<text class=\"chart-label\" x=\"\(n(left - 6))\" y=\"\(n(y(value) + 4))\" text-anchor=\"end\" font-size=\"12\">\(n(value))</text>\n"
        }
        let points = data.indices.map { "\(n(x($0))),\(n(y(data[$0].value)))" }.joined(separator: " ")
        out += "<polyline class=\"chart-line\" points=\"\(points)\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/>\n"
        let labelEvery = max(1, Int((Double(data.count) / 8).rounded(.up)))
        for (index, datum) in data.enumerated() {
            let dot = "<circle class=\"\(classes("chart-point", datum))\" cx=\"\(n(x(index)))\" cy=\"\(n(y(datum.value)))\" r=\"5\"/>"
            out += linked(datum, dot) + "\n"
            if index % labelEvery == 0 || index == data.count - 1 {
                out += "<text class=\"chart-label\" x=\"\(n(x(index)))\" y=\"\(n(baseline + 20))\" text-anchor=\"middle\" font-size=\"12\">"
                    + XMLText.escape(XMLText.shortened(datum.shortLabel, to: 10)) + "</text>\n"
            }
        }
        return (height, out)
    }

    /// 1, 2 or 5 times a power of ten, at least `value`: gridlines at round numbers.
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0 else { return 0 }
        var magnitude = 1.0
        while magnitude * 10 <= value { magnitude *= 10 }
        while magnitude > value { magnitude /= 10 }
        for factor in [1.0, 2.0, 4.0, 5.0, 10.0] where magnitude * factor >= value { return magnitude * factor }
        return magnitude * 10
    }
}
