import Foundation
import Primitives
#if canImport(Glibc)
import Glibc
#endif

/// Notices changes under some folders and files by polling their metadata (path, size, modification
/// time, inode): portable, needs no inotify, and cheap for a theme of a few dozen files.
struct ServeWatcher: Sendable {
    /// Each watched path's stamp; any difference counts as a change.
    typealias Stamps = [String: FileStamp]

    /// Folders (watched recursively) and single files; missing ones are simply absent from the stamps.
    let paths: [URL]
    let interval: Duration
    /// Polls that must see no further change before a change is reported, so an editor saving several
    /// files, or a fetch replacing the cache, causes one rebuild rather than several.
    let quietPolls = 1
    /// A path that never stops changing still gets a rebuild after this many polls.
    let maxSettlePolls = 10

    func stamps() -> Stamps {
        var stamps: Stamps = [:]
        for url in paths {
            let root = url.path
            guard let stamp = Self.stamp(root) else { continue }
            stamps[root] = stamp
            // Hidden files (editor swap and backup files) are not part of the theme: saving would
            // otherwise trigger a rebuild that changes nothing.
            for entry in FolderWalk.entries(under: root, skippingHidden: true) {
                let path = root + "/" + entry.path
                if let stamp = Self.stamp(path) { stamps[path] = stamp }
            }
        }
        return stamps
    }

    /// Waits for a change from `baseline`, then for the paths to settle; returns the settled stamps, or nil
    /// when the task is cancelled.
    func nextChange(after baseline: Stamps) async -> Stamps? {
        var current = baseline
        while current == baseline {
            guard (try? await Task.sleep(for: interval)) != nil else { return nil }
            current = stamps()
        }
        var unchanged = 0
        var polls = 0
        while unchanged < quietPolls && polls < maxSettlePolls {
            guard (try? await Task.sleep(for: interval)) != nil else { return nil }
            let next = stamps()
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
