/// One file of the site as the writer takes it (`PublishSession`, `SitePublisher`): its bytes, or a file on disk to link.
package struct SiteFile: Sendable, Equatable {
    /// Relative, "/"-separated, e.g. "characters/1/index.html".
    package var path: String
    package var content: Content

    package enum Content: Sendable, Equatable {
        case bytes([UInt8])
        /// A file already on disk (e.g. a cached avatar). It is hard-linked into the site when the
        /// filesystem allows, so the source must be replaced by rename, never rewritten in place.
        case copy(sourcePath: String)
    }

    package init(path: String, content: Content) {
        self.path = path
        self.content = content
    }

    package init(path: String, bytes: [UInt8]) {
        self.init(path: path, content: .bytes(bytes))
    }

    package init(path: String, text: String) {
        self.init(path: path, content: .bytes(Array(text.utf8)))
    }
}

/// Checks the renderer's paths before anything touches the disk, so a bad path fails the build
/// instead of escaping the output folder or clashing with another file.
enum SitePathRules {
    /// Read byte by byte, no component made: every file of every build goes through it (some 7,300 a build).
    static func validate(_ path: String) throws {
        // The component being read: its length, and whether it is all dots ("." and ".." are refused).
        var length = 0
        var onlyDots = true
        for byte in path.utf8 {
            if byte == 0 { throw SiteOutputError.invalidPath(path) }
            if byte == UInt8(ascii: "/") {
                if length == 0 || (onlyDots && length <= 2) { throw SiteOutputError.invalidPath(path) }
                (length, onlyDots) = (0, true)
            } else {
                length += 1
                if byte != UInt8(ascii: ".") { onlyDots = false }
            }
        }
        if length == 0 || (onlyDots && length <= 2) { throw SiteOutputError.invalidPath(path) }
    }

    /// "a/b/c.html" → "a/b"; "index.html" → "" (the root). Found as a byte: a search by `Character` cost a fifth
    /// of keeping a page as published.
    static func parent(of path: String) -> String {
        path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
    }

    /// "a/b/c.html" → ["a", "a/b"].
    static func parentFolders(of path: String) -> [String] {
        var folders: [String] = []
        var index = path.startIndex
        while let slash = path[index...].firstIndex(of: "/") {
            folders.append(String(path[..<slash]))
            index = path.index(after: slash)
        }
        return folders
    }
}
