/// A character's picture as the build receives it: a file in the image cache (hard-linked or copied
/// into the site) or bytes drawn in memory (the demo dataset's placeholders).
package struct AvatarImage: Sendable, Equatable {
    package enum Source: Sendable, Equatable {
        case file(path: String)
        case bytes([UInt8])
    }

    package var source: Source
    /// Without the dot: `jpeg`, `png`, `svg`.
    package var fileExtension: String

    package init(source: Source, fileExtension: String) {
        self.source = source
        self.fileExtension = fileExtension
    }
}

/// One avatar to download: whose it is and where it is served.
package struct AvatarDownload: Sendable, Equatable {
    var characterID: Int
    var url: String
}

/// What downloading a set of avatars did.
package struct AvatarDownloadReport: Sendable, Equatable {
    var statistics: FetchStatistics
    /// Pictures that could not be had (a 404, a server failing every attempt, a redirect off the allowed hosts,
    /// a body that is no image or too large): those characters keep no picture (pages show a placeholder), and
    /// the next refresh asks again.
    var failed: [AvatarFailure]
    /// Avatars on a host neither `--api` nor `--image-host` names: never requested, and the character keeps
    /// no picture.
    var refused: [AvatarDownload] = []
}

/// A checked, complete picture.
package struct DownloadedImage: Sendable, Equatable {
    var bytes: [UInt8]
    var format: ImageFormat
}

/// A picture that could not be had, and why, in a few words (`HTTP 404`, `failed after 8 attempts: HTTP 500`).
struct AvatarFailure: Sendable, Equatable {
    var download: AvatarDownload
    var problem: String
}
