import Foundation
import Primitives
#if canImport(Glibc)
import Glibc
#endif

/// Notices changes under some folders and files by polling their metadata (path, size, modification
/// time, inode): portable, needs no inotify, and cheap for a theme of a few dozen files.
struct ServeWatcher: Sendable {
    /// One file's metadata; any difference counts as a change.
    typealias Fingerprint = [String: FileStamp]

    /// Folders (watched recursively) and single files; missing ones are simply absent from the print.
    let paths: [URL]
    let interval: Duration
    /// Polls that must see no further change before a change is reported, so an editor saving several
    /// files, or a fetch replacing the cache, causes one rebuild rather than several.
    let quietPolls = 1
    /// A path that never stops changing still gets a rebuild after this many polls.
    let maxSettlePolls = 10

    func fingerprint() -> Fingerprint {
        var print: Fingerprint = [:]
        for url in paths {
            let root = url.path
            guard let stamp = Self.stamp(root) else { continue }
            print[root] = stamp
            // Hidden files (editor swap and backup files) are not part of the theme: saving would
            // otherwise trigger a rebuild that changes nothing.
            for entry in FolderWalk.entries(under: root, skippingHidden: true) {
                let path = root + "/" + entry.path
                if let stamp = Self.stamp(path) { print[path] = stamp }
            }
        }
        return print
    }

    /// Waits for a change from `baseline`, then for the paths to settle; returns the settled print, or nil
    /// when the task is cancelled.
    func nextChange(after baseline: Fingerprint) async -> Fingerprint? {
        var current = baseline
        while current == baseline {
            guard (try? await Task.sleep(for: interval)) != nil else { return nil }
            current = fingerprint()
        }
        var unchanged = 0
        var polls = 0
        while unchanged < quietPolls && polls < maxSettlePolls {
            guard (try? await Task.sleep(for: interval)) != nil else { return nil }
            let next = fingerprint()
            unchanged = next == current ? unchanged + 1 : 0
            current = next
            polls += 1
        }
        return current
    }

    private static func stamp(_ path: String) -> FileStamp? {
        guard var stamp = FileStamp(path: path) else { return nil }
        // A folder's own size and time change with its entries, which the entries' stamps already say.
        if stamp.isFolder { (stamp.size, stamp.modified) = (0, 0) }
        return stamp
    }

}
