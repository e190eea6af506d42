import Foundation

extension APIClient {
    /// Downloads one picture and checks it: an image content type, and the bytes of a whole JPEG or PNG.
    package func downloadImage(from url: String) async throws -> DownloadedImage {
        try await downloadImage(from: url, run: RequestRun(progress: .silent))
    }

    /// Downloads avatars concurrently (within the client's in-flight limit) and hands each checked image to
    /// `store` as it arrives, so thousands of pictures are never all held in memory. A 404 leaves that
    /// character without a picture, and so does a picture on a host that is not allowed (it is never asked
    /// for); any other final failure fails the whole download.
    package func downloadAvatars(
        _ downloads: [AvatarDownload], progress: ProgressReporter = .silent,
        store: @escaping @Sendable (AvatarDownload, DownloadedImage) throws -> Void
    ) async throws -> AvatarDownloadReport {
        let refused = downloads.filter { !isAllowedImage($0.url) }
        let allowed = downloads.filter { isAllowedImage($0.url) }
        // Nothing to download is the usual re-run: no phase to report.
        guard !allowed.isEmpty else {
            return AvatarDownloadReport(statistics: FetchStatistics(), missing: [], refused: refused)
        }
        let run = RequestRun(progress: progress)
        progress.beginPhase("Avatars", expectedRequests: allowed.count)
        var missing: [Int] = []
        try await BoundedWork.forEach(allowed, width: taskWidth) { download in
            try await downloadAvatar(download, run: run, store: store)
        } collect: { item in
            if case .avatarMissing(let id) = item { missing.append(id) }
        }
        progress.finishPhase()
        return AvatarDownloadReport(statistics: run.totals, missing: missing.sorted(), refused: refused)
    }

    /// One avatar downloaded, checked and stored; a 404 is no failure, only a character without a picture.
    func downloadAvatar(
        _ download: AvatarDownload, run: RequestRun, store: @Sendable (AvatarDownload, DownloadedImage) throws -> Void
    ) async throws -> FetchedItem {
        do {
            let image = try await downloadImage(from: download.url, run: run)
            try store(download, image)
            return .avatarStored
        } catch APIError.unexpectedStatus(_, 404, _) {
            return .avatarMissing(characterID: download.characterID)
        }
    }

    func isAllowedImage(_ text: String) -> Bool {
        URL(string: text).map(imageHosts.allows) ?? false
    }

    func downloadImage(from text: String, run: RequestRun) async throws -> DownloadedImage {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { throw APIError.invalidURL(text) }
        guard imageHosts.allows(url) else { throw APIError.imageHostNotAllowed(url: text) }
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
