import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A private folder inside the cache where a commit assembles the next generation; it becomes a generation by
/// one rename once complete, and anything left of it after a kill is removed by the next refresh.
struct CacheStaging: Sendable {
    static let prefix = ".staging-"

    let folder: URL
    var generation: CacheGeneration { CacheGeneration(folder: folder) }

    init(cacheDirectory: URL) throws {
        folder = cacheDirectory.appendingPathComponent(Self.prefix + UUID().uuidString, isDirectory: true)
        do {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("avatars", isDirectory: true), withIntermediateDirectories: true)
        } catch {
            throw DataCacheError.writeFailed(path: folder.path, detail: error.localizedDescription)
        }
    }

    /// A hard link, so an unchanged picture costs no copy and no space; a copy where links are not supported.
    func linkAvatar(_ image: StoredImage, forCharacter id: Int) throws {
        let destination = generation.avatarFile(forCharacter: id, format: image.format)
        guard link(image.file.path, destination.path) != 0 else { return }
        do {
            try FileManager.default.copyItem(at: image.file, to: destination)
        } catch {
            throw DataCacheError.writeFailed(path: destination.path, detail: error.localizedDescription)
        }
    }

    func write(_ data: Data, to file: URL) throws {
        do {
            try data.write(to: file)
        } catch {
            throw DataCacheError.writeFailed(path: file.path, detail: error.localizedDescription)
        }
    }

    func discard() {
        try? FileManager.default.removeItem(at: folder)
    }
}
