import Foundation
import Primitives
#if canImport(Glibc)
import Glibc
#endif

/// Notices changes under some folders and files by comparing their metadata (path, size, modification time, inode):
/// cheap for a theme and a content folder of a few hundred files. It looks when `events` says something changed
/// (inotify, on Linux: at once) and at every `interval` besides (the only way elsewhere, and a safety net for an
/// event missed).
struct ServeWatcher: Sendable {
    /// Each watched path's stamp; any difference counts as a change.
    typealias Stamps = [String: FileStamp]

    /// Folders (watched recursively) and single files; missing ones are simply absent from the stamps.
    let paths: [URL]
    let interval: Duration
    let events: FolderEvents?
    /// Polls that must see no further change before a change is reported, so an editor saving several
    /// files, or a fetch replacing the cache, causes one rebuild rather than several.
    let quietPolls = 1
    /// A path that never stops changing still gets a rebuild after this many polls.
    let maxSettlePolls = 10
    /// With events, how long a change must go without another before it is built: an editor's save (a temporary
    /// file, a rename) is a burst of events well within it. A longer burst (a large `git checkout`) may start a
    /// build before it ends; serve then shows nothing of that build and builds again (see `ServeSession.watch`).
    static let settleWindow: Duration = .milliseconds(5)

    init(paths: [URL], interval: Duration) {
        self.paths = paths
        self.interval = interval
        events = Self.folderEvents(for: paths)
    }

    /// Each folder with everything under it, and each path's parent for the path's own events (making, removing or
    /// replacing it); a parent that is a link (the cache's `current`) in its own parent, where the link is replaced.
    private static func folderEvents(for paths: [URL]) -> FolderEvents? {
        let folders = paths.map(\.path).filter { FileStamp(path: $0)?.isFolder == true }
        var parents: [String: Set<String>] = [:]
        for path in paths {
            let parent = path.deletingLastPathComponent()
            parents[parent.path, default: []].insert(path.lastPathComponent)
            var info = stat()
            if lstat(parent.path, &info) == 0, FolderWalk.kind(of: info) == .symlink {
                parents[parent.deletingLastPathComponent().path, default: []].insert(parent.lastPathComponent)
            }
        }
        return FolderEvents(recursive: folders, single: parents.filter { FileStamp(path: $0.key)?.isFolder == true })
    }

    func stamps() -> Stamps { FileStamp.tree(paths.map(\.path)) }

    /// Waits for a change from `baseline`, then for the paths to settle; returns the settled stamps, or nil
    /// when the task is cancelled.
    func nextChange(after baseline: Stamps) async -> Stamps? {
        // The count before the stamps: a change after this look is an event past `seen`, one before it is in the stamps.
        var seen = events?.count ?? 0
        var current = stamps()
        while current == baseline {
            if let events {
                seen = await events.wait(after: seen, upTo: interval)
                if Task.isCancelled { return nil }
            } else {
                guard (try? await Task.sleep(for: interval)) != nil else { return nil }
            }
            current = stamps()
        }
        var unchanged = 0
        var polls = 0
        while unchanged < quietPolls && polls < maxSettlePolls {
            // Quiet means a whole window without an event, then the same stamps.
            guard (try? await Task.sleep(for: events == nil ? interval : Self.settleWindow)) != nil else { return nil }
            if let events, events.count != seen {
                seen = events.count
                polls += 1
                unchanged = 0
                continue
            }
            let next = stamps()
            unchanged = next == current ? unchanged + 1 : 0
            current = next
            polls += 1
        }
        return current
    }
}
