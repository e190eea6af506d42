#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The comparison of the new site with the published one, made before anything is written,
/// so a dry run and a no-change build never touch the disk.
struct PublishPlan {
    enum State: Equatable {
        case added
        case updated
        /// Same bytes as the published file, which is hard-linked into staging (inode and mtime kept).
        case unchanged
    }

    /// Sorted by path.
    var files: [SiteFile]
    /// `states[i]` belongs to `files[i]`.
    var states: [State]
    var summary: PublishSummary
    /// False when the published tree already is the new site, down to its folders.
    var needsSwitch: Bool

    init(files: [SiteFile], published: PublishedTree, outputPath: String) throws {
        self.files = files
        states = try Self.classify(files, published: published, outputPath: outputPath)
        var summary = PublishSummary()
        var requiredFolders = Set<String>()
        for (file, state) in zip(files, states) {
            switch state {
            case .added: summary.added.append(file.path)
            case .updated: summary.updated.append(file.path)
            case .unchanged: summary.unchanged.append(file.path)
            }
            requiredFolders.formUnion(SitePathRules.parentFolders(of: file.path))
        }
        let listed = Set(files.map(\.path))
        summary.removed = published.files.keys.filter { !listed.contains($0) }.sorted()
        self.summary = summary
        // Leftover empty folders also need a switch, since the fresh staging tree drops them.
        needsSwitch = summary.hasChanges || published.folders != requiredFolders
    }

    /// Compares files concurrently: a no-change build is dominated by reading back ~1,100 pages.
    private static func classify(_ files: [SiteFile], published: PublishedTree, outputPath: String) throws -> [State] {
        try ConcurrentWork.map(files.count) { index in
            try state(of: files[index], publishedKind: published.files[files[index].path], outputPath: outputPath)
        }
    }

    private static func state(of file: SiteFile, publishedKind: FileSystemCalls.EntryKind?, outputPath: String) throws -> State {
        let publishedPath = outputPath + "/" + file.path
        switch file.content {
        case .bytes(let bytes):
            guard let publishedKind else { return .added }
            guard publishedKind == .regularFile else { return .updated }
            return try FileSystemCalls.contentEquals(publishedPath, bytes) ? .unchanged : .updated
        case .copy(let sourcePath):
            let source = try sourceStatus(sourcePath, for: file.path)
            guard let publishedKind else { return .added }
            guard publishedKind == .regularFile, let target = try FileSystemCalls.status(publishedPath) else { return .updated }
            // Linked from the source by an earlier build: same inode, nothing to read.
            if source.st_dev == target.st_dev && source.st_ino == target.st_ino { return .unchanged }
            if source.st_size != target.st_size { return .updated }
            return try FileSystemCalls.contentEquals(sourcePath, publishedPath) ? .unchanged : .updated
        }
    }

    private static func sourceStatus(_ sourcePath: String, for path: String) throws -> stat {
        var info = stat()
        if stat(sourcePath, &info) != 0 {
            throw SiteOutputError.copySourceUnreadable(path: path, source: sourcePath, errno: errno)
        }
        guard FileSystemCalls.kind(of: info) == .regularFile else {
            throw SiteOutputError.copySourceUnreadable(path: path, source: sourcePath, errno: EISDIR)
        }
        return info
    }
}
