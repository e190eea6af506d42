/// The statistics section: charts drawn at build time. The SVG is made by the renderer; the model
/// holds the figures, so they are tested against the dataset independently of drawing.
public struct StatisticsPage: Codable, Sendable, Equatable {
    public struct Figure: Codable, Sendable, Equatable {
        public let label: String
        public let value: Int
        public let url: String?
        public let cssClass: String?
        /// What a crowded axis shows instead of the label (an episode's code).
        public let shortLabel: String?

        public init(label: String, value: Int, url: String?, cssClass: String?, shortLabel: String? = nil) {
            self.label = label
            self.value = value
            self.url = url
            self.cssClass = cssClass
            self.shortLabel = shortLabel
        }
    }

    public struct Chart: Codable, Sendable, Equatable {
        public let id: String
        public let title: String
        public let description: String
        public let kind: String
        public let figures: [Figure]
    }

    public let charts: [Chart]
}
