import Foundation
import Primitives

/// Decides whether a folder may be the cache (`--cache DIR`), before anything is fetched or written.
///
/// A refresh cleans its cache (generations, staging folders, downloads), so the folder must be rmwiki's: missing,
/// empty, or marked as its cache (`.rmwiki-cache`, written when a refresh creates or first takes the folder).
/// A cache an earlier rmwiki made, before the marker, is taken too when every entry in it is one the cache
/// uses and it holds a snapshot that reads as one (`current` naming a `generation-N` that has one, or the older
/// flat `snapshot.json`): a nightly job keeps working, and its first refresh marks the folder. Whatever it holds,
/// a folder of `ProtectedFolders` (the root and system folders, homes, the current folder and its parents,
/// the output, the templates, `--public`) is never the cache.
package struct CacheGuard: Sendable {
    var rules: ProtectedFolders

    /// The guard for this process (see `ProtectedFolders.forThisProcess`), keeping the cache apart from `folders`.
    package static func forThisProcess(protecting folders: [(role: String, url: URL)] = []) -> CacheGuard {
        CacheGuard(rules: .forThisProcess(protecting: folders))
    }

    /// Throws `DataCacheError.refused` with one line saying why.
    func check(_ directory: URL) throws(DataCacheError) {
        if let reason = rules.refusal(of: directory) {
            throw .refused(path: directory.path, reason: reason, foreign: false)
        }
        switch DataCache(directory: directory).ownership {
        case .missing, .empty, .marked, .earlierCache:
            return
        case .notAFolder:
            throw .refused(path: directory.path, reason: "it is not a folder", foreign: true)
        case .unlisted:
            throw .refused(path: directory.path, reason: "its entries cannot be listed, so nothing says it is rmwiki's", foreign: true)
        case .notASnapshot(let file):
            throw .refused(
                path: directory.path, reason: "its \(file) is not a snapshot rmwiki wrote, so nothing says it is rmwiki's cache",
                foreign: true)
        case .foreign(let entries):
            let sample = entries.prefix(3).joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
            let count = entries.count == 1 ? "1 entry that is" : "\(entries.count) entries that are"
            throw .refused(path: directory.path, reason: "it holds \(count) not rmwiki's cache (\(sample))", foreign: true)
        }
    }
}

extension DataCache {
    /// The file that marks a folder as rmwiki's cache.
    static let markerName = ".rmwiki-cache"

    /// What the cache folder is, as far as taking it goes.
    enum Ownership: Equatable {
        case missing, empty, marked, notAFolder, unlisted
        /// Made by an rmwiki from before the marker.
        case earlierCache
        /// Holding something the cache never writes (sorted names), or no snapshot.
        case foreign([String])
        /// Only names the cache uses, but a `snapshot.json` (at this path) that is no snapshot.
        case notASnapshot(String)
    }

    var ownership: Ownership {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder) else { return .missing }
        guard isFolder.boolValue else { return .notAFolder }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return .unlisted }
        if names.isEmpty { return .empty }
        if names.contains(Self.markerName) { return .marked }
        let strangers = names.filter { !Self.isCacheEntry($0) }.sorted()
        guard strangers.isEmpty else { return .foreign(strangers) }
        // Names alone say little (`snapshot.json`, `avatars` are anyone's names): only a snapshot that reads as
        // one says an rmwiki wrote the folder.
        let generation = current
        do {
            return try generation.loadSnapshot() == nil ? .foreign(names.sorted()) : .earlierCache
        } catch {
            return .notASnapshot(generation.snapshotFile.path)
        }
    }

    /// A name the cache itself writes at its top level (the current layout's or the flat one before it).
    static func isCacheEntry(_ name: String) -> Bool {
        [currentLinkName, downloadsFolderName, picturesFolderName, CacheLock.fileName, markerName].contains(name)
            || legacyEntries.contains(name) || generationNumber(name) != nil
            || name.hasPrefix(CacheStaging.prefix) || name.hasPrefix(AtomicFile.temporaryPrefix)
    }

    /// Makes the folder, checked by `CacheGuard` first, and marks it as the cache before anything else is written.
    func claim() throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw DataCacheError.writeFailed(path: directory.path, detail: error.localizedDescription)
        }
        let marker = directory.appendingPathComponent(Self.markerName)
        guard !FileManager.default.fileExists(atPath: marker.path) else { return }
        let text = "rmwiki keeps its data cache here and removes only the files it writes (see `rmwiki help fetch`).\n"
        try CacheFile.write(Data(text.utf8), to: marker)
    }

    /// Removes the folder `claim` made when nothing but the marker is in it (the lock is gone with its release).
    func removeIfUnused() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        guard names == [Self.markerName] else { return }
        unlink(directory.appendingPathComponent(Self.markerName).path)
        rmdir(directory.path)
    }
}
