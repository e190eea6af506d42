/// Relative folder paths grouped by depth ("a" is depth 1, "a/b" depth 2), each group sorted.
struct FolderLevels {
    private let levels: [[String]]

    init(_ folders: some Sequence<String>) {
        var byDepth: [Int: [String]] = [:]
        for folder in folders {
            byDepth[folder.utf8.count(where: { $0 == UInt8(ascii: "/") }) + 1, default: []].append(folder)
        }
        levels = byDepth.keys.sorted().compactMap { byDepth[$0]?.sorted() }
    }

    /// For creating: every parent exists before its children.
    var shallowestFirst: [[String]] { levels }

    /// For removing: every child is gone before its parent.
    var deepestFirst: [[String]] { levels.reversed() }
}
