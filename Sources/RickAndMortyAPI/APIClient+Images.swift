import Foundation
import Primitives

extension APIClient {
    /// Downloads avatars concurrently (within the client's in-flight limit) and hands each checked image to
    /// `store` as it arrives, so thousands of pictures are never all held in memory. A picture that cannot be had
    /// leaves its character without one (see `downloadAvatar`), and a picture on a host that is not allowed is
    /// never asked for; only a failure of the fetch itself (time, cancellation, storing) fails the download.
    func downloadAvatars(
        _ downloads: [AvatarDownload], progress: ProgressReporter = .silent,
        store: @escaping @Sendable (AvatarDownload, DownloadedImage) throws -> Void
    ) async throws -> AvatarDownloadReport {
        let refused = downloads.filter { !isAllowedImage($0.url) }
        let allowed = downloads.filter { isAllowedImage($0.url) }
        // Nothing to download is the usual re-run: no phase to report.
        guard !allowed.isEmpty else {
            return AvatarDownloadReport(statistics: FetchStatistics(), failed: [], refused: refused)
        }
        let run = RequestRun(progress: progress)
        progress.beginPhase("Avatars", expectedRequests: allowed.count)
        var failed: [AvatarFailure] = []
        try await BoundedWork.forEach(allowed, width: taskWidth) { download in
            try await downloadAvatar(download, run: run, store: store)
        } collect: { item in
            if case .avatarMissing(let failure) = item { failed.append(failure) }
        }
        progress.finishPhase()
        return AvatarDownloadReport(statistics: run.totals, failed: Self.sorted(failed), refused: refused)
    }

    /// One avatar downloaded, checked and stored. Whatever is wrong with the picture (a 404, a 500 every time, a
    /// redirect off the allowed hosts, bytes that are no image) is no failure of the fetch: one bad picture must
    /// not fail a nightly build. The fetch's own limits (time, cancellation) and storing still fail it.
    func downloadAvatar(
        _ download: AvatarDownload, run: RequestRun, store: @Sendable (AvatarDownload, DownloadedImage) throws -> Void
    ) async throws -> FetchedItem {
        let image: DownloadedImage
        do {
            image = try await downloadImage(from: download.url, run: run)
        } catch let error as APIError {
            guard let problem = Self.pictureProblem(error) else { throw error }
            return .avatarMissing(AvatarFailure(download: download, problem: problem))
        }
        try store(download, image)
        return .avatarStored
    }

    /// The few words a warning gives for a picture that could not be had; nil for what fails the whole fetch.
    static func pictureProblem(_ error: APIError) -> String? {
        switch error {
        case .timeLimitExceeded, .waitBeyondTimeLimit, .fetchTooLarge:
            return nil
        case let .unexpectedStatus(_, status, _):
            return "HTTP \(status)"
        case let .gaveUp(_, _, attempts, lastProblem, _):
            return "failed after \(CountText.of(attempts, "attempt")), last \(lastProblem)"
        case let .bodyTooLarge(_, limit, _):
            return "more than \(APIError.mebibytes(limit))"
        case let .redirectToOtherHost(_, target):
            return "redirected to another host (\((URL(string: target).flatMap(ImageHosts.hostAndPort) ?? target).printable))"
        case .redirectLoop, .tooManyRedirects:
            return "redirected in a loop"
        case .imageHostNotAllowed:
            return "not on an allowed host"
        case .invalidURL:
            return "not a URL"
        case let .notAPicture(_, problem):
            return problem
        case .notJSON, .invalidJSON, .inconsistentData, .collectionShrank, .publishedCollectionShrank:
            return error.description
        }
    }

    static func sorted(_ failures: [AvatarFailure]) -> [AvatarFailure] {
        failures.sorted { $0.download.characterID < $1.download.characterID }
    }

    func isAllowedImage(_ text: String) -> Bool {
        URL(string: text).map(imageHosts.allows) ?? false
    }

    /// Why a success answer is no picture, as the error that decides whether it is asked for again. Only a
    /// picture that may have been cut on its way is retried (it begins as a JPEG or PNG, is announced as one, and
    /// no `Content-Length` vouched for its end); anything else came whole and would come again (an HTML page, a
    /// GIF, a picture the server holds damaged), so it is asked for once.
    static func notAPicture(_ response: TransportResponse, url: String) -> any Error {
        let contentType = response.header("Content-Type")
        let vouched = response.header("Content-Encoding") == nil && response.header("Content-Length") != nil
        if ImageFormat.isAcceptedContentType(contentType), ImageFormat.startsLikePicture(response.body), !vouched {
            return BodyProblem.notAnImage(contentType: contentType, byteCount: response.body.count)
        }
        let mediaType = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let announced = mediaType.map { "sent as \($0.printable)" } ?? "sent without a Content-Type"
        return APIError.notAPicture(url: url, problem: "\(ImageFormat.kind(of: response.body)) \(announced)")
    }

    /// Downloads one picture and checks it: an image content type, and the bytes of a whole JPEG or PNG.
    func downloadImage(from text: String, run: RequestRun) async throws -> DownloadedImage {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { throw APIError.invalidURL(text) }
        guard imageHosts.allows(url) else { throw APIError.imageHostNotAllowed(url: text) }
        let performed = try await perform(
            url, accept: "image/jpeg, image/png", stored: nil, isImage: true, run: run
        ) { response in
            let contentType = response.header("Content-Type")
            guard ImageFormat.isAcceptedContentType(contentType), let format = ImageFormat.detect(response.body) else {
                throw Self.notAPicture(response, url: text)
            }
            return DownloadedImage(bytes: Array(response.body), format: format)
        }
        run.statistics.withLock { $0.imagesDownloaded += 1 }
        return performed.value
    }
}
