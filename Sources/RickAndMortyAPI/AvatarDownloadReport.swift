/// What downloading a set of avatars did.
package struct AvatarDownloadReport: Sendable, Equatable {
    package var statistics: FetchStatistics
    /// Characters whose avatar URL answered 404: they keep no picture (pages show a placeholder), and the
    /// next refresh asks again.
    package var missing: [Int]
    /// Avatars on a host neither `--api` nor `--image-host` names: never requested, and the character keeps
    /// no picture.
    package var refused: [AvatarDownload]

    package init(statistics: FetchStatistics, missing: [Int], refused: [AvatarDownload] = []) {
        self.statistics = statistics
        self.missing = missing
        self.refused = refused
    }
}
