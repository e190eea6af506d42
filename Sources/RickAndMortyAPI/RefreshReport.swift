/// What `DataService.refresh` did: the new snapshot, what changed since the last one, the pictures now in
/// the cache, and what the fetch cost.
public struct RefreshReport: Sendable, Equatable {
    public var snapshot: Snapshot
    public var changes: SnapshotChanges
    public var avatars: [Int: AvatarImage]
    /// Characters whose avatar URL answered 404.
    public var missingAvatars: [Int]
    /// Record pages and images together.
    public var statistics: FetchStatistics
    public var duration: Duration
    /// The change history with this refresh's changes in front, as saved with the snapshot.
    public var history: ChangeHistory

    public init(
        snapshot: Snapshot, changes: SnapshotChanges, avatars: [Int: AvatarImage], missingAvatars: [Int],
        statistics: FetchStatistics, duration: Duration, history: ChangeHistory = ChangeHistory()
    ) {
        self.history = history
        self.snapshot = snapshot
        self.changes = changes
        self.avatars = avatars
        self.missingAvatars = missingAvatars
        self.statistics = statistics
        self.duration = duration
    }

    /// The change summary and one line of cost, ready to print.
    public var summary: [String] {
        let stats = statistics
        var cost = "\(stats.requests) requests (\(stats.conditionalRequests) conditional, \(stats.notModified) not modified"
        if stats.retries > 0 { cost += ", \(stats.retries) retries" }
        if stats.throttled > 0 { cost += ", \(stats.throttled) throttled" }
        cost += "), \(stats.imagesDownloaded) images downloaded, \(ByteCount.format(stats.bytes)) in "
            + ProgressReporter.format(duration)
        var lines = changes.summary + [cost]
        if !missingAvatars.isEmpty {
            lines.append("no picture served for characters \(APIClient.list(missingAvatars)) (HTTP 404)")
        }
        return lines
    }
}
