#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What tells one version of a file from another without reading it: size, inode and modification time.
/// The publisher, the build's no-change check, the preview's ETags and `serve --watch` all compare these.
package struct FileStamp: Sendable, Hashable {
    package var size: Int64
    package var inode: UInt64
    /// Nanoseconds since 1970, wrapping: a file dated past 2262 must not trap; callers only compare these.
    package var modified: Int64
    package var isFolder: Bool
    package var isRegularFile: Bool

    /// A file changed this close to the moment it was stamped may change again within the file system's time
    /// granularity without its stamp changing (git's "racily clean" files): whoever remembers a file by its stamp
    /// remembers only stamps older than this.
    package static let settleNanoseconds: Int64 = 2_000_000_000

    /// Whether this stamp, taken at `now` (nanoseconds since 1970), is old enough to be remembered.
    package func isSettled(at now: Int64) -> Bool {
        modified < now &- Self.settleNanoseconds
    }

    /// Now, as `modified` counts it.
    package static var now: Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }

    package init(_ info: stat) {
        size = Int64(info.st_size)
        inode = UInt64(info.st_ino)
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        modified = Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
        let kind = info.st_mode & S_IFMT
        isFolder = kind == S_IFDIR
        isRegularFile = kind == S_IFREG
    }

    /// Follows symbolic links; nil when nothing is there.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The stamps of `roots` (folders or files; missing ones are left out) and of everything under the folders but
    /// hidden entries (an editor's swap and backup files), by path, links followed. A folder's own size and time change
    /// with its entries, whose stamps say it already: they are zeroed, so a hidden file coming and going changes nothing.
    /// What `serve --watch` compares, and how a build in `serve` knows its theme did not change.
    package static func tree(_ roots: [String]) -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        func add(_ path: String) {
            guard var stamp = FileStamp(path: path) else { return }
            if stamp.isFolder { (stamp.size, stamp.modified) = (0, 0) }
            stamps[path] = stamp
        }
        for root in roots {
            add(root)
            for entry in FolderWalk.entries(under: root, skippingHidden: true) { add(root + "/" + entry.path) }
        }
        return stamps
    }
}
