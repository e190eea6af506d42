import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Notices changes under some folders and files by polling their metadata (path, size, modification
/// time, inode): portable, needs no inotify, and cheap for a theme of a few dozen files.
struct ServeWatcher: Sendable {
    /// One file's metadata; any difference counts as a change.
    struct Stamp: Sendable, Equatable {
        let size: Int
        let modified: Int
        let inode: UInt
    }

    typealias Fingerprint = [String: Stamp]

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
            guard let enumerator = FileManager.default.enumerator(atPath: root) else { continue }
            while let relative = enumerator.nextObject() as? String {
                // Hidden files (editor swap and backup files) are not part of the theme: saving would
                // otherwise trigger a rebuild that changes nothing.
                if relative.split(separator: "/").last?.hasPrefix(".") == true {
                    enumerator.skipDescendants()
                    continue
                }
                let path = root + "/" + relative
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

    private static func stamp(_ path: String) -> Stamp? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let modified = Int(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(status.st_mtim.tv_nsec)
        // A folder's own size and time change with its entries, which the entries' stamps already say.
        let isFolder = status.st_mode & S_IFMT == S_IFDIR
        return Stamp(size: isFolder ? 0 : Int(status.st_size), modified: isFolder ? 0 : modified, inode: UInt(status.st_ino))
    }
}
