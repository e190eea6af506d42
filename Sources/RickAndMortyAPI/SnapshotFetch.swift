/// The result of fetching every page: the snapshot, the page bodies and validators to keep for the
/// next run's conditional requests, and what it cost.
public struct SnapshotFetch: Sendable {
    public var snapshot: Snapshot
    /// Keyed by page URL; replaces the stored responses of the previous run.
    public var responses: [String: StoredResponse]
    public var statistics: FetchStatistics

    public init(snapshot: Snapshot, responses: [String: StoredResponse], statistics: FetchStatistics) {
        self.snapshot = snapshot
        self.responses = responses
        self.statistics = statistics
    }
}
