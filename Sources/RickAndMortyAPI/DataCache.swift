import Foundation
import Primitives

/// The cache folder (`--cache DIR`):
/// - `current`: a symbolic link naming the committed generation, `generation-N` (see `CacheGeneration`);
/// - `generation-M`: the generation committed before it, kept so that a build which started reading it when
///   the commit happened can finish;
/// - `downloads/`: pictures checked but not committed yet (see `VerifiedDownloads`);
/// - `.lock` (see `CacheLock`), and during a commit `.staging-…` (the next generation being assembled);
/// - `.rmwiki-cache`: the marker that makes the folder rmwiki's (see `CacheGuard`).
///
/// Only names the cache writes are ever removed: a user's file put into the folder stays.
///
/// A refresh changes nothing until it has fetched everything, and then commits a whole new generation by
/// replacing `current` with one rename(2): whenever a process is killed, the cache is entirely the old
/// generation or entirely the new one. A symbolic link rather than an exchanged folder (as the site
/// publisher does) because only rmwiki reads the cache, and rename(2) is portable. Unchanged pictures are hard
/// links into the previous generation, so a commit writes a few files whatever the number of pictures.
///
/// A cache written before generations existed has its files directly in DIR; it reads as the current
/// generation, and its first refresh moves it to the layout above.
package struct DataCache: Sendable {
    static let currentLinkName = "current"
    static let generationPrefix = "generation-"
    static let downloadsFolderName = "downloads"
    /// The smaller copies of the avatars the build makes, one folder per source picture (see `AvatarCopyMaker`).
    package static let picturesFolderName = "pictures"
    /// What the old layout kept directly in DIR.
    static let legacyEntries = ["snapshot.json", "responses.json", ChangeHistory.fileName, "avatars"]

    let directory: URL

    package init(directory: URL) {
        self.directory = directory
    }

    var currentLink: URL { directory.appendingPathComponent(Self.currentLinkName) }

    /// The committed generation, resolved once: read everything of one build from the value this returns, and
    /// a commit in between cannot mix two generations.
    package var current: CacheGeneration {
        guard let name = currentGenerationName else { return CacheGeneration(folder: directory) }
        return CacheGeneration(folder: directory.appendingPathComponent(name, isDirectory: true))
    }

    /// The link's target, when it names a generation folder of this cache (nothing else is followed).
    private var currentGenerationName: String? {
        guard let name = try? FileManager.default.destinationOfSymbolicLink(atPath: currentLink.path),
              Self.generationNumber(name) != nil
        else { return nil }
        return name
    }

    /// The file `serve --watch` polls: through the link, so each commit changes what it names in one step.
    package var watchedSnapshotFile: URL { currentLink.appendingPathComponent("snapshot.json") }

    var snapshotFile: URL { current.snapshotFile }
    package var hasSnapshot: Bool { current.hasSnapshot }
    func loadSnapshot() throws -> Snapshot? { try current.loadSnapshot() }
    func loadStoredResponses() -> [String: StoredResponse] { current.loadStoredResponses() }
    func avatars(for snapshot: Snapshot) -> [Int: AvatarImage] { current.avatars(for: snapshot) }

    func verifiedDownloads() -> VerifiedDownloads {
        VerifiedDownloads(folder: directory.appendingPathComponent(Self.downloadsFolderName, isDirectory: true))
    }

    /// Removes what an interrupted refresh left behind: staging folders and temporary files, generations that are
    /// neither current nor the one before it, and the old layout's files once a generation is current. Checked
    /// pictures in `downloads/` are kept: they are what the next refresh resumes from.
    func removeLeftovers() {
        let manager = FileManager.default
        let downloads = directory.appendingPathComponent(Self.downloadsFolderName)
        for folder in [directory, downloads] {
            guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names where name.hasPrefix(CacheStaging.prefix) || name.hasPrefix(AtomicFile.temporaryPrefix) {
                try? manager.removeItem(at: folder.appendingPathComponent(name))
            }
        }
        guard let name = currentGenerationName, let number = Self.generationNumber(name) else { return }
        let older = generationNumbers().filter { $0 < number }
        removeGenerations(except: [number] + (older.max().map { [$0] } ?? []))
        removeLegacyEntries()
    }

    func makeStaging() throws -> CacheStaging {
        try CacheStaging(cacheDirectory: directory)
    }

    /// Publishes a finished refresh: assembles the next generation in a staging folder (each avatar a hard link
    /// to a checked download or to the previous generation's file, then the responses, the history and the
    /// snapshot), renames it into place and switches `current` to it. Then removes the generation before the
    /// previous one, the old layout's files and the committed downloads.
    func commit(
        snapshot: Snapshot, responses: [String: StoredResponse], history: ChangeHistory, avatars: [Int: StoredImage]
    ) throws {
        let staging = try makeStaging()
        let previous = currentGenerationName.flatMap(Self.generationNumber)
        let number = (generationNumbers().max() ?? 0) + 1
        do {
            for (id, image) in avatars.sorted(by: { $0.key < $1.key }) {
                try staging.linkAvatar(image, forCharacter: id)
            }
            let generation = staging.generation
            try staging.write(try Self.encode(responses), to: generation.responsesFile)
            try staging.write(try history.encoded(), to: generation.historyFile)
            try staging.write(try Self.encode(snapshot), to: generation.snapshotFile)
            try CacheFile.move(staging.folder, to: directory.appendingPathComponent(Self.generationPrefix + "\(number)"))
        } catch {
            staging.discard()
            throw error
        }
        try switchCurrent(to: Self.generationPrefix + "\(number)")
        removeGenerations(except: [number] + (previous.map { [$0] } ?? []))
        removeLegacyEntries()
        verifiedDownloads().removeAll()
    }

    /// The commit point: a new link under a temporary name, renamed over `current`.
    private func switchCurrent(to name: String) throws {
        let temporary = directory.appendingPathComponent(AtomicFile.temporaryPrefix + UUID().uuidString + "-" + Self.currentLinkName)
        do {
            try FileManager.default.createSymbolicLink(atPath: temporary.path, withDestinationPath: name)
        } catch {
            throw DataCacheError.writeFailed(path: temporary.path, detail: error.localizedDescription)
        }
        try CacheFile.move(temporary, to: currentLink)
    }

    private func generationNumbers() -> [Int] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).compactMap(Self.generationNumber)
    }

    private func removeGenerations(except kept: [Int]) {
        for number in generationNumbers() where !kept.contains(number) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(Self.generationPrefix + "\(number)"))
        }
    }

    /// The flat layout's files, and in its `avatars/` the pictures it wrote (`N.jpeg`, `N.png`): the folder goes
    /// only once nothing else is in it.
    private func removeLegacyEntries() {
        for name in Self.legacyEntries where name != "avatars" {
            unlink(directory.appendingPathComponent(name).path)
        }
        let avatars = directory.appendingPathComponent("avatars")
        CacheFile.removeFiles(in: avatars) { name in
            [ImageFormat.jpeg, .png].contains { format in
                name.hasSuffix("." + format.fileExtension) && Int(name.dropLast(format.fileExtension.count + 1)) != nil
            }
        }
    }

    static func generationNumber(_ name: String) -> Int? {
        guard name.hasPrefix(generationPrefix), let number = Int(name.dropFirst(generationPrefix.count)), number > 0
        else { return nil }
        return number
    }

    static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(value)
        } catch {
            throw DataCacheError.writeFailed(path: "(encoding)", detail: error.localizedDescription)
        }
    }
}

/// Why the cache folder could not be read or written, in one line that says what to do next.
package enum DataCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    case noSnapshot(directory: String)
    case unreadable(path: String, detail: String)
    case writeFailed(path: String, detail: String)
    case busy(directory: String)
    /// `CacheGuard` will not let the cache use this folder; `foreign` when what it holds is the reason.
    case refused(path: String, reason: String, foreign: Bool)

    package var description: String {
        switch self {
        case let .noSnapshot(directory):
            "no cached data in \(directory): run `rmwiki fetch` with network access first (or pass the --cache folder a fetch wrote)"
        case let .unreadable(path, detail):
            "cannot read \(path) (\(detail)): delete it and run `rmwiki fetch` again"
        case let .writeFailed(path, detail):
            "cannot write \(path) (\(detail)): check the permissions and free space of the cache folder"
        case let .busy(directory):
            "another fetch is updating \(directory): wait for it to finish, or use another --cache folder"
        case let .refused(path, reason, foreign):
            "refusing to use \(path) as the cache: \(reason), and rmwiki cleans its cache folder — "
                + (foreign ? "give a new or empty folder, or one an earlier fetch made" : "give the cache a folder of its own, such as .rmwiki-cache")
        }
    }
}

/// An exclusive lock on `DIR/.lock` for the length of a refresh, so two overlapping runs (a slow nightly
/// cron job and the next one) cannot interleave their commits. The kernel drops the lock if the process dies.
/// `release()` deletes the file while still holding the lock, and a locker keeps a lock only on the file the path
/// still names (`FileLock.isCurrent`), as the build lock does.
struct CacheLock {
    static let fileName = ".lock"

    private let lock: FileLock

    init(directory: URL) throws {
        let path = directory.appendingPathComponent(Self.fileName).path
        let attempt: (lock: FileLock, locked: Bool)
        do throws(FileLock.Failure) {
            attempt = try FileLock.tryLockingFile(at: path)
        } catch {
            throw DataCacheError.writeFailed(path: path, detail: error.detail)
        }
        guard attempt.locked else { throw DataCacheError.busy(directory: directory.path) }
        lock = attempt.lock
    }

    func release() {
        lock.deleteAndRelease()
    }
}

/// The cache's atomic writes and moves (`AtomicFile`), failing as `DataCacheError.writeFailed`.
enum CacheFile {
    static func write(_ data: Data, to destination: URL) throws {
        do throws(AtomicFile.Failure) {
            try AtomicFile.write(data, to: destination)
        } catch {
            throw DataCacheError.writeFailed(path: destination.path, detail: error.detail)
        }
    }

    /// Removes the plain files of `folder` whose names `isOurs` accepts, then the folder if nothing else is left.
    static func removeFiles(in folder: URL, where isOurs: (String) -> Bool) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where isOurs(name) {
            unlink(folder.appendingPathComponent(name).path)
        }
        rmdir(folder.path)
    }

    static func move(_ source: URL, to destination: URL) throws {
        do throws(AtomicFile.Failure) {
            try AtomicFile.move(source, to: destination)
        } catch {
            throw DataCacheError.writeFailed(path: destination.path, detail: error.detail)
        }
    }
}
