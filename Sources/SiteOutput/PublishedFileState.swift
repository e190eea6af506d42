import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One published file as `lstat` sees it: enough to tell whether anything touched the output since the
/// build that wrote it (an edit, a deletion, a file dropped in by hand), without reading its bytes.
public struct PublishedFileState: Codable, Sendable, Equatable {
    public let path: String
    public let size: Int64
    public let modified: Int64
    public let inode: UInt64

    /// Every entry of the published output, sorted by path; nil when it is missing or cannot be read.
    public static func scan(_ outputDirectory: URL) -> [PublishedFileState]? {
        let root = outputDirectory.standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: root),
              let tree = try? PublishedTree.read(at: root)
        else { return nil }
        var states: [PublishedFileState] = []
        states.reserveCapacity(tree.files.count)
        for path in tree.files.keys.sorted() {
            var info = stat()
            guard lstat(root + "/" + path, &info) == 0 else { return nil }
            states.append(PublishedFileState(
                path: path, size: Int64(info.st_size), modified: FileTimes(info).modificationNanoseconds,
                inode: UInt64(info.st_ino)))
        }
        return states
    }
}
