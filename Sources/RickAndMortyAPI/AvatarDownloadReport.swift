/// What downloading a set of avatars did.
public struct AvatarDownloadReport: Sendable, Equatable {
    public var statistics: FetchStatistics
    /// Characters whose avatar URL answered 404: they keep no picture (pages show a placeholder), and the
    /// next refresh asks again.
    public var missing: [Int]
    /// Avatars on a host neither `--api` nor `--image-host` names: never requested, and the character keeps
    /// no picture.
    public var refused: [AvatarDownload]

    public init(statistics: FetchStatistics, missing: [Int], refused: [AvatarDownload] = []) {
        self.statistics = statistics
        self.missing = missing
        self.refused = refused
    }
}
