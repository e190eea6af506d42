/// The result of fetching every page: the snapshot, the page bodies and validators to keep for the
/// next run's conditional requests, and what it cost.
package struct SnapshotFetch: Sendable {
    package var snapshot: Snapshot
    /// Keyed by page URL; replaces the stored responses of the previous run.
    package var responses: [String: StoredResponse]
    package var statistics: FetchStatistics

    package init(snapshot: Snapshot, responses: [String: StoredResponse], statistics: FetchStatistics) {
        self.snapshot = snapshot
        self.responses = responses
        self.statistics = statistics
    }
}
