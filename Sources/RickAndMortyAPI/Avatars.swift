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
