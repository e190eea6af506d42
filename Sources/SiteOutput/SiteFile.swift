/// One file of the rendered site, held in memory until `SitePublisher` writes it.
public struct SiteFile: Sendable, Equatable {
    /// Relative, "/"-separated, e.g. "characters/1/index.html".
    public var path: String
    public var content: Content

    public enum Content: Sendable, Equatable {
        case bytes([UInt8])
        /// A file already on disk (e.g. a cached avatar). It is hard-linked into the site when the
        /// filesystem allows, so the source must be replaced by rename, never rewritten in place.
        case copy(sourcePath: String)
    }

    public init(path: String, content: Content) {
        self.path = path
        self.content = content
    }

    public init(path: String, bytes: [UInt8]) {
        self.init(path: path, content: .bytes(bytes))
    }

    public init(path: String, text: String) {
        self.init(path: path, content: .bytes(Array(text.utf8)))
    }
}
