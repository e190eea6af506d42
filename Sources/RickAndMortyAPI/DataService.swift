import Foundation

/// The whole data job for the CLI: refresh the cache from the API (`rmwiki fetch`, `rmwiki build`) or read
/// it alone (`--offline`).
public struct DataService: Sendable {
    public let client: APIClient
    public let cache: DataCache

    public init(client: APIClient, cache: DataCache) {
        self.client = client
        self.cache = cache
    }

    /// Fetches every record (conditionally, when the cache has validators), downloads the pictures the cache
    /// lacks, and only then replaces the cached snapshot. On any failure, cancellation included, the cache is
    /// left exactly as it was. What changed goes into the change history, dated `date`, written under the same
    /// lock just before the snapshot: a change is never seen (snapshot) without being recorded (history).
    public func refresh(progress: ProgressReporter = .silent, recordingAt date: Date = Date()) async throws -> RefreshReport {
        let started = ContinuousClock.now
        try createCacheDirectory()
        let lock = try CacheLock(directory: cache.directory)
        defer { lock.release() }
        cache.removeLeftovers()
        let previous = try? cache.loadSnapshot()
        let fetch = try await client.fetchRecords(stored: cache.loadStoredResponses(), progress: progress)
        let downloads = avatarsToDownload(for: fetch.snapshot, previous: previous)
        let changes = SnapshotChanges(from: previous, to: fetch.snapshot)
        var history = try ChangeHistory.load(from: cache)
        history.record(changes, in: fetch.snapshot, at: date)

        let staging = try cache.makeStaging()
        let imageReport: AvatarDownloadReport
        do {
            imageReport = try await client.downloadAvatars(downloads, progress: progress) { download, image in
                try staging.write(image, forCharacter: download.characterID)
            }
            try cache.commit(staging: staging, responses: fetch.responses, history: history, snapshot: fetch.snapshot)
        } catch {
            staging.discard()
            throw error
        }
        return RefreshReport(
            snapshot: fetch.snapshot,
            changes: changes,
            avatars: cache.avatars(for: fetch.snapshot),
            missingAvatars: imageReport.missing,
            statistics: fetch.statistics + imageReport.statistics,
            duration: ContinuousClock.now - started,
            history: history)
    }

    /// The cached snapshot and pictures, without any request.
    public func loadOffline() throws -> (Snapshot, [Int: AvatarImage]) {
        guard let snapshot = try cache.loadSnapshot() else {
            throw DataCacheError.noSnapshot(directory: cache.directory.path)
        }
        return (snapshot, cache.avatars(for: snapshot))
    }

    /// A cached picture is kept unless the record now names a different picture. Only the URL's path counts,
    /// so the same data served from another host (a mirror, `--api`, a loopback port) reuses the cache.
    func avatarsToDownload(for snapshot: Snapshot, previous: Snapshot?) -> [AvatarDownload] {
        let previousImages = Dictionary(
            (previous?.characters ?? []).map { ($0.id, $0.image) }, uniquingKeysWith: { first, _ in first })
        return snapshot.characters.compactMap { character in
            guard !character.image.isEmpty else { return nil }
            if cache.cachedAvatar(forCharacter: character.id) != nil {
                guard let before = previousImages[character.id], Self.path(of: before) != Self.path(of: character.image)
                else { return nil }
            }
            return AvatarDownload(characterID: character.id, url: character.image)
        }
    }

    static func path(of url: String) -> String {
        URL(string: url)?.path ?? url
    }

    private func createCacheDirectory() throws {
        do {
            try FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
        } catch {
            throw DataCacheError.writeFailed(path: cache.directory.path, detail: error.localizedDescription)
        }
    }
}
