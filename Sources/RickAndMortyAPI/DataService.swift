import Foundation

/// The whole data job for the CLI: refresh the cache from the API (`rmwiki fetch`, `rmwiki build`) or read
/// it alone (`--offline`).
package struct DataService: Sendable {
    let client: APIClient
    package let cache: DataCache
    let shrinkCheck: ShrinkCheck
    /// Checked before the cache is read or written (see `CacheGuard`).
    let cacheGuard: CacheGuard

    package init(
        client: APIClient, cache: DataCache, shrinkCheck: ShrinkCheck = ShrinkCheck(),
        cacheGuard: CacheGuard = .forThisProcess()
    ) {
        self.client = client
        self.cache = cache
        self.shrinkCheck = shrinkCheck
        self.cacheGuard = cacheGuard
    }

    /// Refuses a cache folder rmwiki must not use (exit 2), before any request and any write.
    package func checkCache() throws {
        try cacheGuard.check(cache.directory)
    }

    /// `refresh(progress:recordingAt:)` within a time limit: past `limit` it ends with `APIError.timeLimitExceeded`
    /// and the cache untouched.
    package func refresh(
        progress: ProgressReporter, recordingAt date: Date, within limit: Duration, published: CollectionCounts? = nil
    ) async throws -> RefreshReport {
        try await client.withTimeLimit(limit, progress: progress) { [self] in
            try await refresh(progress: progress, recordingAt: date, published: published)
        }
    }

    /// Fetches every record (conditionally, when the cache has validators) and, beside the record pages, the
    /// pictures the cache lacks; refuses a collection that shrank suspiciously, and only then commits a new
    /// generation of the cache. On any failure, cancellation included, the committed cache is left exactly as it
    /// was; pictures already downloaded and checked are kept aside for the next try. What changed goes into the
    /// change history, dated `date`, committed with the snapshot: a change is never seen (snapshot) without being
    /// recorded (history). `published` holds the record counts of the site the last build published, which
    /// the shrink check compares with too.
    package func refresh(
        progress: ProgressReporter = .silent, recordingAt date: Date = Date(), published: CollectionCounts? = nil
    ) async throws -> RefreshReport {
        let started = ContinuousClock.now
        try checkCache()
        let created = !FileManager.default.fileExists(atPath: cache.directory.path)
        try cache.claim()
        var succeeded = false
        // A first refresh that fails takes its folder away again, unless it keeps checked pictures for the next try.
        defer { if created && !succeeded { cache.removeIfUnused() } }
        let lock = try CacheLock(directory: cache.directory)
        defer { lock.release() }
        cache.removeLeftovers()
        let committed = cache.current
        let previous = try? committed.loadSnapshot()
        let stored = committed.loadStoredResponses()
        let previousImages = Self.images(of: previous)
        let downloads = cache.verifiedDownloads()
        let (fetch, imageReport) = try await client.fetchRecordsAndAvatars(stored: stored, progress: progress) { character in
            guard let download = avatarDownload(for: character, previousImages: previousImages, in: committed),
                  !client.isAllowedImage(download.url) || downloads.image(for: download.url) == nil
            else { return nil }
            return download
        } recordsFetched: { fetch in
            try shrinkCheck.check(fetch.snapshot, against: previous, published: published)
        } store: { download, image in
            try downloads.store(image, for: download.url)
        }
        let wanted = avatarsToDownload(for: fetch.snapshot, previous: previous, in: committed)
        let changes = SnapshotChanges(from: previous, to: fetch.snapshot)
        let committedHistory = try ChangeHistory.load(from: committed)
        var history = committedHistory
        history.record(changes, in: fetch.snapshot, previous: previous, at: date)

        let avatars = avatarFiles(for: fetch.snapshot, wanted: wanted, downloads: downloads, committed: committed)
        let keptAvatars = fetch.snapshot.characters.reduce(into: [Int: StoredImage]()) { kept, character in
            kept[character.id] = committed.storedAvatar(forCharacter: character.id)
        }
        // Nothing new (the usual nightly run): no new generation, so the cache stays byte for byte as it was.
        if fetch.snapshot == previous, fetch.responses == stored, history == committedHistory, avatars == keptAvatars {
            downloads.removeAll()
        } else {
            try cache.commit(snapshot: fetch.snapshot, responses: fetch.responses, history: history, avatars: avatars)
        }
        succeeded = true
        return RefreshReport(
            snapshot: fetch.snapshot,
            changes: changes,
            avatars: cache.avatars(for: fetch.snapshot),
            failedAvatars: imageReport.failed,
            refusedAvatars: imageReport.refused,
            statistics: fetch.statistics + imageReport.statistics,
            duration: ContinuousClock.now - started,
            history: history,
            // Still under the lock: the generation just committed, or the unchanged one.
            files: try Self.files(of: cache.current))
    }

    /// The cached snapshot, pictures and change history, all from one generation (one the caller holds on to),
    /// without any request; with the bytes the records came from, so a build fingerprints exactly what it decoded
    /// without reading the files again.
    package func readOffline(from generation: CacheGeneration) throws -> CachedRecords {
        let files = try Self.files(of: generation)
        guard let snapshotBytes = files[0].bytes else { throw DataCacheError.noSnapshot(directory: cache.directory.path) }
        let snapshot = try generation.decodeSnapshot(snapshotBytes)
        return CachedRecords(
            snapshot: snapshot, avatars: generation.avatars(for: snapshot),
            history: try ChangeHistory.decode(files[1].bytes, of: generation), files: files)
    }

    /// A generation's snapshot and history files, in that order.
    private static func files(of generation: CacheGeneration) throws -> [CachedRecords.File] {
        [.init(path: generation.snapshotFile.path, bytes: try generation.readSnapshotFile()),
         .init(path: generation.historyFile.path, bytes: try ChangeHistory.readFile(of: generation))]
    }

    /// A cached picture is kept unless the record now names a different picture. Only the URL's path counts,
    /// so the same data served from another host (a mirror, `--api`, a loopback port) reuses the cache.
    func avatarsToDownload(for snapshot: Snapshot, previous: Snapshot?, in generation: CacheGeneration) -> [AvatarDownload] {
        let previousImages = Self.images(of: previous)
        return snapshot.characters.compactMap { avatarDownload(for: $0, previousImages: previousImages, in: generation) }
    }

    /// One character's share of `avatarsToDownload`, decided as its page arrives.
    private func avatarDownload(
        for character: CharacterRecord, previousImages: [Int: String], in generation: CacheGeneration
    ) -> AvatarDownload? {
        guard !character.image.isEmpty else { return nil }
        if generation.storedAvatar(forCharacter: character.id) != nil {
            guard let before = previousImages[character.id], Self.path(of: before) != Self.path(of: character.image)
            else { return nil }
        }
        return AvatarDownload(characterID: character.id, url: character.image)
    }

    private static func images(of snapshot: Snapshot?) -> [Int: String] {
        Dictionary((snapshot?.characters ?? []).map { ($0.id, $0.image) }, uniquingKeysWith: { first, _ in first })
    }

    /// Each character's picture in the next generation: a checked download for those that needed one (none when
    /// it answered 404 or its host is not allowed), else the committed generation's file.
    private func avatarFiles(
        for snapshot: Snapshot, wanted: [AvatarDownload], downloads: VerifiedDownloads, committed: CacheGeneration
    ) -> [Int: StoredImage] {
        let wantedURLs = Dictionary(wanted.map { ($0.characterID, $0.url) }, uniquingKeysWith: { first, _ in first })
        var files: [Int: StoredImage] = [:]
        for character in snapshot.characters {
            if let url = wantedURLs[character.id] {
                if client.isAllowedImage(url), let image = downloads.image(for: url) { files[character.id] = image }
            } else if let kept = committed.storedAvatar(forCharacter: character.id) {
                files[character.id] = kept
            }
        }
        return files
    }

    static func path(of url: String) -> String {
        URL(string: url)?.path ?? url
    }
}

/// One generation of the cache as a build read it: the records, their pictures and history, and the files the
/// records were decoded from.
package struct CachedRecords: Sendable {
    /// A file as read: its path and bytes, nil when it was absent (a cache without history yet).
    package struct File: Sendable, Equatable {
        package let path: String
        package let bytes: Data?
    }

    package let snapshot: Snapshot
    package let avatars: [Int: AvatarImage]
    package let history: ChangeHistory
    /// The files the records were decoded from, in a fixed order.
    package let files: [File]
}
