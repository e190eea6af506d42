@testable import RickAndMortyAPI

/// What the tests ask the client for on its own: the build only ever fetches records and avatars together
/// (`fetchRecordsAndAvatars`), and downloads a picture only as one of those avatars.
extension APIClient {
    /// Every record, REST or GraphQL as `recordSource` says, and no picture.
    func fetchRecords(
        stored: [String: StoredResponse] = [:], progress: ProgressReporter = .silent
    ) async throws -> SnapshotFetch {
        try await fetchRecordsAndAvatars(stored: stored, progress: progress, avatar: { _ in nil }) { _, _ in }.records
    }

    /// Every record over REST: page 1 of each resource, then all other pages concurrently, then the check that
    /// each collection is whole.
    func fetchSnapshot(
        stored: [String: StoredResponse] = [:], progress: ProgressReporter = .silent
    ) async throws -> SnapshotFetch {
        var client = self
        client.recordSource = .rest
        return try await client.fetchRecords(stored: stored, progress: progress)
    }

    /// One picture, checked as an avatar is: an image content type, and the bytes of a whole JPEG or PNG.
    func downloadImage(from url: String) async throws -> DownloadedImage {
        try await downloadImage(from: url, run: RequestRun(progress: .silent))
    }
}
