/// What is currently published: every entry's relative path and kind.
struct PublishedTree {
    var files: [String: FileSystemCalls.EntryKind] = [:]
    var folders: Set<String> = []

    /// An absent output is an empty tree (the first build).
    static func read(at root: String) throws -> PublishedTree {
        var tree = PublishedTree()
        guard let info = try FileSystemCalls.status(root, followingLinks: true) else { return tree }
        guard FileSystemCalls.kind(of: info) == .directory else {
            throw SiteOutputError.outputNotADirectory(root)
        }
        try tree.collect(root: root, relative: "")
        return tree
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
