/// What downloading a set of avatars did.
public struct AvatarDownloadReport: Sendable, Equatable {
    public var statistics: FetchStatistics
    /// Characters whose avatar URL answered 404: they keep no picture (pages show a placeholder), and the
    /// next refresh asks again.
    public var missing: [Int]

    public init(statistics: FetchStatistics, missing: [Int]) {
        self.statistics = statistics
        self.missing = missing
    }
}
