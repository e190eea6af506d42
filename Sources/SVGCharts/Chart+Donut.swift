import Foundation
import Primitives

extension Chart {
    /// Slices of a ring in data order, starting at twelve o'clock, with a legend (label, value, share) below
    /// it: ring and legend one above the other keep the drawing narrow, so its text reads on a phone too.
    func donutBody() -> (height: Double, content: String) {
        let height = 250.0, centerX = Self.donutWidth / 2, centerY = 125.0, outer = 115.0, inner = 68.0
        let total = data.reduce(0) { $0 + $1.value }
        guard total > 0 else { return emptyBody(height: height) }
        var out = ""
        var start = 0.0
        for datum in data where datum.value > 0 {
            let sweep = datum.value / total * 2 * Double.pi
            let path: String
            if sweep >= 2 * Double.pi - 1e-9 {
                // A full ring: two half arcs, since one arc cannot start and end at the same point.
                path = "M \(n(centerX)) \(n(centerY - outer)) A \(n(outer)) \(n(outer)) 0 1 1 \(n(centerX)) \(n(centerY + outer)) "
                    + "A \(n(outer)) \(n(outer)) 0 1 1 \(n(centerX)) \(n(centerY - outer)) Z "
                    + "M \(n(centerX)) \(n(centerY - inner)) A \(n(inner)) \(n(inner)) 0 1 0 \(n(centerX)) \(n(centerY + inner)) "
                    + "A \(n(inner)) \(n(inner)) 0 1 0 \(n(centerX)) \(n(centerY - inner)) Z"
            } else {
                let end = start + sweep
                let large = sweep > Double.pi ? 1 : 0
                func point(_ radius: Double, _ angle: Double) -> String {
                    "\(n(centerX + radius * sin(angle))) \(n(centerY - radius * cos(angle)))"
                }
                path = "M \(point(outer, start)) A \(n(outer)) \(n(outer)) 0 \(large) 1 \(point(outer, end)) "
                    + "L \(point(inner, end)) A \(n(inner)) \(n(inner)) 0 \(large) 0 \(point(inner, start)) Z"
            }
            out += linked(datum, "<path class=\"\(classes("chart-slice", datum))\" d=\"\(path)\" fill-rule=\"evenodd\"/>") + "\n"
            start += sweep
        }
        out += "<text class=\"chart-value\" x=\"\(n(centerX))\" y=\"\(n(centerY + 8))\" text-anchor=\"middle\" font-size=\"24\" font-weight=\"700\">\(n(total))</text>\n"
        for (index, datum) in data.enumerated() {
            let y = height + 28 + Double(index) * 32
            let share = percentFormat.replacingOccurrences(
                of: "{value}",
                with: SVGNumber.text((datum.value / total * 1000).rounded() / 10).replacingOccurrences(of: ".", with: decimalSeparator))
            let swatch = "<rect class=\"\(classes("chart-slice", datum))\" x=\"4\" y=\"\(n(y - 15))\" width=\"20\" height=\"20\" rx=\"4\"/>"
            let text = "<text class=\"chart-label\" x=\"32\" y=\"\(n(y))\" font-size=\"16\">"
                + XMLText.escape(XMLText.shortened(datum.label, to: 12)) + " " + XMLText.escape(datum.valueLabel)
                + " (" + share + ")</text>"
            out += linked(datum, swatch + text) + "\n"
        }
        return (height + 16 + Double(data.count) * 32, out)
    }
}
