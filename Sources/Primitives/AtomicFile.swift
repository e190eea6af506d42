// The Primitives module: what several stages share, written once (file stamps, folder walks, locks, atomic
// writes, durations, FNV-1a, XML and JSON escaping, JSON scanning); it depends on no other module.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that readers see the old or the new content, never a part: a temporary file in the
/// same folder, then `rename(2)`, which replaces the destination in one step.
package enum AtomicFile {
    /// Why a write or move failed, in words for the caller's own error.
    package struct Failure: Error, Sendable {
        package let detail: String
    }

    /// The start of every unique temporary name, so that a cleanup can find those a killed writer left.
    package static let temporaryPrefix = ".tmp-"

    /// `temporaryName` fixes the temporary file's name (a writer that holds a lock may reuse one name, so a
    /// killed write leaves nothing that piles up); by default it is unique.
    package static func write(_ data: Data, to destination: URL, temporaryName: String? = nil) throws(Failure) {
        let folder = destination.deletingLastPathComponent()
        let name = temporaryName ?? temporaryPrefix + UUID().uuidString + "-" + destination.lastPathComponent
        let temporary = folder.appendingPathComponent(name)
        do {
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(detail: error.localizedDescription)
        }
        try move(temporary, to: destination)
    }

    /// Moves a file or folder within one file system, replacing the destination atomically; on failure the
    /// source is deleted.
    package static func move(_ source: URL, to destination: URL) throws(Failure) {
        guard rename(source.path, destination.path) == 0 else {
            let detail = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: source)
            throw Failure(detail: detail)
        }
    }
}
