public struct EpisodeIndexPage: Codable, Sendable, Equatable {
    public struct Season: Codable, Sendable, Equatable {
        public let title: String
        /// `season-1`, for in-page links.
        public let anchor: String
        public let episodeCount: String
        public let episodes: [EpisodeSummary]
    }

    public let seasons: [Season]
}
