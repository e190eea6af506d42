import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that readers see the old or the new content, never a part: a temporary file in the
/// same folder, then `rename(2)`, which replaces the destination in one step.
enum AtomicFile {
    static let temporaryPrefix = ".tmp-"

    static func write(_ data: Data, to destination: URL) throws {
        let folder = destination.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(temporaryPrefix + UUID().uuidString + "-" + destination.lastPathComponent)
        do {
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw DataCacheError.writeFailed(path: destination.path, detail: error.localizedDescription)
        }
        try move(temporary, to: destination)
    }

    /// Moves a file within one file system, replacing the destination atomically.
    static func move(_ source: URL, to destination: URL) throws {
        guard rename(source.path, destination.path) == 0 else {
            let detail = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: source)
            throw DataCacheError.writeFailed(path: destination.path, detail: detail)
        }
    }
}
