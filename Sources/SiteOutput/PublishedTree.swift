#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What is currently published: every entry's relative path and kind.
struct PublishedTree {
    var files: [String: FileSystemCalls.EntryKind] = [:]
    var folders: Set<String> = []

    /// An absent output is an empty tree (the first build).
    static func read(at root: String) throws -> PublishedTree {
        var tree = PublishedTree()
        guard let info = try FileSystemCalls.status(root) else { return tree }
        guard FileSystemCalls.kind(of: info) == .directory else {
            throw SiteOutputError.outputNotADirectory(root)
        }
        try tree.collect(root: root, relative: "")
        return tree
    }

    /// Deletes this tree, now found at `root` (the old site after the switch), concurrently.
    /// Anything not in the listing is still removed by a final sweep.
    func remove(at root: String) throws {
        let paths = Array(files.keys)
        try ConcurrentWork.forEach(paths.count) { index in
            let path = root + "/" + paths[index]
            if unlink(path) != 0 && errno != ENOENT { throw FileSystemCalls.error("remove", path) }
        }
        for level in FolderLevels(folders).deepestFirst {
            try ConcurrentWork.forEach(level.count) { index in
                // ENOTEMPTY is left to the sweep, which knows what is inside.
                _ = rmdir(root + "/" + level[index])
            }
        }
        try FileSystemCalls.removeTree(root)
    }

    private mutating func collect(root: String, relative: String) throws {
        let absolute = relative.isEmpty ? root : root + "/" + relative
        for entry in try FileSystemCalls.entries(of: absolute) {
            let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
            if entry.kind == .directory {
                folders.insert(path)
                try collect(root: root, relative: path)
            } else {
                files[path] = entry.kind
            }
        }
    }
}
