#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Everything in a folder tree — bytes, mtimes and inodes — for tests that check a publish
/// (or a killed build) left the site byte-identical, or that unchanged files were not rewritten.
public struct SiteTreeSnapshot: Sendable, Equatable {
    public struct File: Sendable, Equatable {
        public var bytes: [UInt8]
        /// Nanoseconds since 1970.
        public var modificationTime: Int64
        public var inode: UInt64
    }

    /// Regular files by relative path.
    public var files: [String: File]
    /// Folders by relative path, so leftover empty folders show.
    public var folders: Set<String>
    /// Symlinks and other special entries by relative path (a published site should have none).
    public var specialEntries: Set<String>

    /// Reads the whole tree under `directory`; an absent folder is an empty snapshot.
    public init(of directory: URL) throws {
        files = [:]
        folders = []
        specialEntries = []
        let root = directory.standardizedFileURL.path
        if try FileSystemCalls.status(root, followingLinks: true) != nil {
            try collect(root: root, relative: "")
        }
    }

    /// Same paths, kinds and bytes; mtimes and inodes ignored.
    public func hasSameContent(as other: SiteTreeSnapshot) -> Bool {
        folders == other.folders && specialEntries == other.specialEntries
            && files.mapValues(\.bytes) == other.files.mapValues(\.bytes)
    }

    /// Paths of files present in both snapshots whose inode or mtime differs (i.e. were rewritten).
    public func rewrittenFiles(since earlier: SiteTreeSnapshot) -> [String] {
        files.compactMap { path, file in
            guard let before = earlier.files[path] else { return nil }
            return before.inode != file.inode || before.modificationTime != file.modificationTime ? path : nil
        }.sorted()
    }

    private mutating func collect(root: String, relative: String) throws {
        let absolute = relative.isEmpty ? root : root + "/" + relative
        for entry in try FileSystemCalls.entries(of: absolute) {
            let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
            switch entry.kind {
            case .directory:
                folders.insert(path)
                try collect(root: root, relative: path)
            case .regularFile:
                files[path] = try Self.readFile(root + "/" + path)
            case .other:
                specialEntries.insert(path)
            }
        }
    }

    private static func readFile(_ path: String) throws -> File {
        let descriptor = FileSystemCalls.openForReading(path)
        if descriptor < 0 { throw FileSystemCalls.error("read", path) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) != 0 { throw FileSystemCalls.error("inspect", path) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let count = try bytes.withUnsafeMutableBytes { buffer in
            buffer.isEmpty ? 0 : try FileSystemCalls.readFully(descriptor, into: buffer, path: path)
        }
        bytes.removeSubrange(count...)
        return File(bytes: bytes, modificationTime: FileTimes(info).modificationNanoseconds, inode: UInt64(info.st_ino))
    }
}
