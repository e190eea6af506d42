import Primitives

extension Chart {
    /// Width of the narrow drawing's coordinate system: about a phone's chart box (270 px at 320 px, 340 px at
    /// 390 px), so its 13- and 14-unit text stays 11.7–16 px there.
    static let narrowWidth = 300.0
    /// The longest label a row shows whole: 36 characters of 13-unit text stay inside the 300 units.
    static let narrowLabelLength = 36

    /// The chart as a phone draws it: one row per datum, its label on a line of its own (cut only past
    /// 36 characters) and a bar below it with the value after the bar.
    /// Any number of data fits any width: the drawing grows down, never sideways. A linked row is one link
    /// as tall and wide as the row, so a finger finds it. Nil where the wide drawing already reads on a
    /// phone (a donut, which is narrow by itself).
    package func narrowSVG(idPrefix: String) -> String? {
        guard kind != .donut else { return nil }
        // 32 units a row: 29 px at 320 px, a target still over 24 px; 51 episodes were 3 screens at 40.
        let row = 32.0, top = 4.0
        let height = top * 2 + row * Double(max(data.count, 1))
        let prefix = XMLText.escape(idPrefix)
        let role = data.contains { $0.link != nil } ? "group" : "img"
        var body = ""
        if data.isEmpty {
            body = "<text class=\"chart-label\" x=\"\(n(Self.narrowWidth / 2))\" y=\"\(n(height / 2 + 5))\" text-anchor=\"middle\" font-size=\"14\">—</text>\n"
        } else {
            // The longest value label decides how much of the row the bars may take.
            let valueRoom = 12 + 8.5 * Double(data.map { $0.valueLabel.count }.max() ?? 1)
            let barSpace = max(Self.narrowWidth - valueRoom, Self.narrowWidth / 3)
            let scale = maximum > 0 ? barSpace / maximum : 0
            for (index, datum) in data.enumerated() {
                let y = top + row * Double(index)
                let length = datum.value * scale
                // An invisible full-row rectangle: the link's target is the row, not the glyphs.
                let area = "<rect class=\"chart-row-area\" x=\"0\" y=\"\(n(y))\" width=\"\(n(Self.narrowWidth))\" height=\"\(n(row))\" fill=\"transparent\"/>"
                let label = "<text class=\"chart-label\" x=\"0\" y=\"\(n(y + 12))\" font-size=\"13\">"
                    + XMLText.escape(XMLText.shortened(datum.label, to: Self.narrowLabelLength)) + "</text>"
                let bar = "<rect class=\"\(classes("chart-bar", datum))\" x=\"0\" y=\"\(n(y + 16))\" width=\"\(n(length))\" height=\"11\" rx=\"3\"/>"
                let value = "<text class=\"chart-value\" x=\"\(n(length + 6))\" y=\"\(n(y + 26))\" font-size=\"13\">"
                    + XMLText.escape(datum.valueLabel) + "</text>"
                body += linked(datum, area + label + bar + value) + "\n"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="chart-svg chart-svg-rows" viewBox="0 0 \(n(Self.narrowWidth)) \(n(height))" \
            width="100%" role="\(role)" aria-labelledby="\(prefix)-title \(prefix)-desc" font-family="inherit">
            <title id="\(prefix)-title">\(XMLText.escape(title))</title>
            <desc id="\(prefix)-desc">\(XMLText.escape(description))</desc>
            \(body)</svg>
            """
    }
}
