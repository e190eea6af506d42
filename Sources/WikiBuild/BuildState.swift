import Foundation

/// What the last successful build was made from (a fingerprint of every input) and what it left in
/// the output folder (each file's size, mtime and inode). When a rebuild's inputs are the same and the
/// output is untouched, there is nothing to render or write: the nightly no-change rebuild costs a hash
/// and a directory walk. Any difference, including a file edited or deleted by hand, means a full build.
/// Kept beside the output (`.<name>.build-state`), never inside it, so it is not published.
struct BuildState: Codable, Sendable, Equatable {
    struct FileState: Codable, Sendable, Equatable {
        let path: String
        let size: Int64
        let modified: Int64
        let inode: UInt64
    }

    let inputs: String
    let files: [FileState]

    static func location(for output: URL) -> URL {
        let standard = output.standardizedFileURL
        return standard.deletingLastPathComponent().appendingPathComponent(".\(standard.lastPathComponent).build-state")
    }

    static func load(for output: URL) -> BuildState? {
        guard let data = try? Data(contentsOf: location(for: output)) else { return nil }
        return try? JSONDecoder().decode(BuildState.self, from: data)
    }

    /// Written after a successful publish; a failure to write it only costs the next build its shortcut.
    func save(for output: URL) {
        let destination = Self.location(for: output)
        // One fixed name, not one per pid: builds hold the lock while saving, and a build killed mid-save
        // leaves a file the next save replaces instead of one that stays forever.
        let temporary = destination.deletingLastPathComponent().appendingPathComponent(destination.lastPathComponent + ".tmp")
        guard let data = try? JSONEncoder().encode(self), (try? data.write(to: temporary)) != nil else { return }
        if rename(temporary.path, destination.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
    }

    /// Every regular file under `root`, sorted by path, or nil when the folder cannot be read.
    static func scan(_ root: URL) -> [FileState]? {
        var files: [FileState] = []
        func walk(_ folder: String, _ prefix: String) -> Bool {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
            for name in names {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { return false }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    guard walk(path, prefix + name + "/") else { return false }
                case S_IFREG:
                    files.append(FileState(
                        path: prefix + name, size: Int64(info.st_size),
                        // Wrapping: a file dated past 2262 must not trap the build; equality is all this needs.
                        modified: Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec),
                        inode: UInt64(info.st_ino)))
                default:
                    files.append(FileState(path: prefix + name, size: -1, modified: 0, inode: UInt64(info.st_ino)))
                }
            }
            return true
        }
        guard walk(root.standardizedFileURL.path, "") else { return nil }
        return files.sorted { $0.path < $1.path }
    }
}
