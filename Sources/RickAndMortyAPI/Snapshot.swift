/// The whole dataset as fetched: three arrays of records in id order, as the API serves them.
package struct Snapshot: Codable, Sendable, Equatable {
    package var characters: [CharacterRecord]
    package var locations: [LocationRecord]
    package var episodes: [EpisodeRecord]

    package init(characters: [CharacterRecord], locations: [LocationRecord], episodes: [EpisodeRecord]) {
        self.characters = characters
        self.locations = locations
        self.episodes = episodes
    }
}

/// The result of fetching every page: the snapshot, the page bodies and validators to keep for the
/// next run's conditional requests, and what it cost.
package struct SnapshotFetch: Sendable {
    package var snapshot: Snapshot
    /// Keyed by page URL; replaces the stored responses of the previous run.
    var responses: [String: StoredResponse]
    package var statistics: FetchStatistics
}

/// What the cache keeps per fetched page: its validators, for conditional requests, and its body,
/// which a 304 reuses.
package struct StoredResponse: Codable, Sendable, Equatable {
    var etag: String?
    var lastModified: String?
    var body: String

    var hasValidators: Bool { etag != nil || lastModified != nil }
}
