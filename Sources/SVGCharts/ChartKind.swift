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
