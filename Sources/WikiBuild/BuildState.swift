import Foundation
import SiteOutput

/// What the last successful build was made from (a fingerprint of every input) and what it left in
/// the output folder (each file's size, mtime and inode). When a rebuild's inputs are the same and the
/// output is untouched, there is nothing to render or write: the nightly no-change rebuild costs a hash
/// and a directory walk. Any difference, including a file edited or deleted by hand, means a full build.
/// Kept beside the output (`.<name>.build-state`), never inside it, so it is not published.
struct BuildState: Codable, Sendable, Equatable {
    let inputs: String
    let files: [PublishedFileState]

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
}
