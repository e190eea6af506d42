#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Everything in a folder tree — bytes, mtimes and inodes — for tests that check a publish
/// (or a killed build) left the site byte-identical, or that unchanged files were not rewritten.
package struct SiteTreeSnapshot: Sendable, Equatable {
    package struct File: Sendable, Equatable {
        package var bytes: [UInt8]
        /// Nanoseconds since 1970.
        var modificationTime: Int64
        package var inode: UInt64

        package static func == (a: File, b: File) -> Bool {
            a.modificationTime == b.modificationTime && a.inode == b.inode && sameBytes(a.bytes, b.bytes)
        }

        /// `memcmp`: the tests are compiled unoptimised, where `==` on two arrays compares them a generic call a
        /// byte, and snapshots of a full site hold 70 MB.
        static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
            guard a.count == b.count else { return false }
            return a.withUnsafeBytes { x in
                b.withUnsafeBytes { y in
                    guard let x = x.baseAddress, let y = y.baseAddress else { return true }
                    return memcmp(x, y, a.count) == 0
                }
            }
        }
    }

    /// Regular files by relative path.
    package var files: [String: File]
    /// Folders by relative path, so leftover empty folders show.
    package var folders: Set<String>
    /// Symlinks and other special entries by relative path (a published site should have none).
    var specialEntries: Set<String>

    /// Reads the whole tree under `directory`; an absent folder is an empty snapshot.
    package init(of directory: URL) throws {
        files = [:]
        folders = []
        specialEntries = []
        let root = directory.standardizedFileURL.path
        if FileManager.default.fileExists(atPath: root) { try collect(root: root, relative: "") }
    }

    /// Same paths, kinds and bytes; mtimes and inodes ignored.
    package func hasSameContent(as other: SiteTreeSnapshot) -> Bool {
        folders == other.folders && specialEntries == other.specialEntries && files.count == other.files.count
            && files.allSatisfy { path, file in other.files[path].map { File.sameBytes($0.bytes, file.bytes) } ?? false }
    }

    /// Paths of files present in both snapshots whose inode or mtime differs (i.e. were rewritten).
    package func rewrittenFiles(since earlier: SiteTreeSnapshot) -> [String] {
        files.compactMap { path, file in
            guard let before = earlier.files[path] else { return nil }
            return before.inode != file.inode || before.modificationTime != file.modificationTime ? path : nil
        }.sorted()
    }

    private mutating func collect(root: String, relative: String) throws {
        let absolute = relative.isEmpty ? root : root + "/" + relative
        for name in try FileManager.default.contentsOfDirectory(atPath: absolute) {
            let path = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(root + "/" + path, &info) == 0 else { throw SpawnError(description: "cannot inspect \(root)/\(path)") }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                folders.insert(path)
                try collect(root: root, relative: path)
            case S_IFREG:
                let bytes = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
                let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
                files[path] = File(bytes: Array(bytes), modificationTime: nanoseconds, inode: UInt64(info.st_ino))
            default:
                specialEntries.insert(path)
            }
        }
    }
}
