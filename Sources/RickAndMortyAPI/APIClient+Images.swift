import Foundation

extension APIClient {
    /// Downloads one picture and checks it: an image content type, and the bytes of a whole JPEG or PNG.
    public func downloadImage(from url: String) async throws -> DownloadedImage {
        try await downloadImage(from: url, run: RequestRun(progress: .silent))
    }

    /// Downloads avatars concurrently (within the client's in-flight limit) and hands each checked image to
    /// `store` as it arrives, so thousands of pictures are never all held in memory. A 404 leaves that
    /// character without a picture; any other final failure fails the whole download.
    public func downloadAvatars(
        _ downloads: [AvatarDownload], progress: ProgressReporter = .silent,
        store: @escaping @Sendable (AvatarDownload, DownloadedImage) throws -> Void
    ) async throws -> AvatarDownloadReport {
        // Nothing to download is the usual re-run: no phase to report.
        guard !downloads.isEmpty else { return AvatarDownloadReport(statistics: FetchStatistics(), missing: []) }
        let run = RequestRun(progress: progress)
        progress.beginPhase("Avatars", expectedRequests: downloads.count)
        let missing = try await withThrowingTaskGroup(of: Int?.self) { group in
            for download in downloads {
                group.addTask {
                    do {
                        let image = try await downloadImage(from: download.url, run: run)
                        try store(download, image)
                        return nil
                    } catch APIError.unexpectedStatus(_, 404, _) {
                        return download.characterID
                    }
                }
            }
            var missing: [Int] = []
            for try await id in group {
                if let id { missing.append(id) }
            }
            return missing.sorted()
        }
        progress.finishPhase()
        return AvatarDownloadReport(statistics: run.totals, missing: missing)
    }

    func downloadImage(from text: String, run: RequestRun) async throws -> DownloadedImage {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { throw APIError.invalidURL(text) }
        let performed = try await perform(
            url, accept: "image/jpeg, image/png", stored: nil, isImage: true, run: run
        ) { response in
            let contentType = response.header("Content-Type")
            guard ImageFormat.isAcceptedContentType(contentType), let format = ImageFormat.detect(response.body) else {
                throw BodyProblem.notAnImage(contentType: contentType, byteCount: response.body.count)
            }
            return DownloadedImage(bytes: Array(response.body), format: format)
        }
        run.statistics.withLock { $0.imagesDownloaded += 1 }
        return performed.value
    }
}
