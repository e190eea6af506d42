/// Why fetching from the API failed, in one line that says what to do next.
public enum APIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Every attempt failed with a retryable problem. `status` is the last HTTP status, nil when the
    /// last attempt got no response at all.
    case gaveUp(url: String, status: Int?, attempts: Int, lastProblem: String)
    /// A status that another attempt would not change (404, 401, …).
    case unexpectedStatus(url: String, status: Int, attempt: Int)
    /// The pages do not add up to one consistent collection.
    case inconsistentData(resource: ResourceKind, problem: String)
    case invalidURL(String)
    /// A success answer that is not JSON where a page of records was expected: usually `--api` names a web
    /// site (or a login page of a proxy) rather than the API.
    case notJSON(url: String, contentType: String)
    /// A body longer than rmwiki reads for one response of its kind; reading stopped at the limit.
    case bodyTooLarge(url: String, limit: Int)
    /// The pages of one fetch add up to more than rmwiki keeps in memory.
    case fetchTooLarge(limit: Int)
    /// A collection served much smaller than the cached one: refused unless the user says it is expected.
    case collectionShrank(resource: ResourceKind, cached: Int, served: Int)
    /// An avatar URL on a host that neither `--api` nor `--image-host` names.
    case imageHostNotAllowed(url: String)

    public var description: String {
        switch self {
        case let .gaveUp(url, status, attempts, lastProblem):
            let statusText = status.map { "HTTP \($0)" } ?? "no response"
            return "GET \(url) failed after \(attempts) attempts (last: \(statusText), \(lastProblem)); "
                + "the API may be down or rate-limiting: try again later or with a lower --concurrency"
        case let .unexpectedStatus(url, status, attempt):
            return "GET \(url) answered HTTP \(status) (attempt \(attempt)); " + Self.checkAPI
        case let .inconsistentData(resource, problem):
            return "the \(resource.rawValue) pages are inconsistent: \(problem); "
                + "the data may have changed during the fetch: run the fetch again"
        case let .invalidURL(url):
            return "cannot make a request URL from \(url): check the --api URL"
        case let .notJSON(url, contentType):
            return "GET \(url) answered \(contentType) where JSON was expected; " + Self.checkAPI
        case let .bodyTooLarge(url, limit):
            return "GET \(url) sent more than \(Self.mebibytes(limit)), the most rmwiki reads for one "
                + (url.contains("/avatar/") ? "picture" : "answer of this kind") + "; " + Self.checkAPI
        case let .fetchTooLarge(limit):
            return "the record pages add up to more than \(Self.mebibytes(limit)), the most rmwiki holds for one fetch; "
                + Self.checkAPI
        case let .collectionShrank(resource, cached, served):
            return "the API serves \(served) \(resource.rawValue)s where the cache has \(cached) (more than "
                + "\(ShrinkCheck.maximumDropPercent) % fewer); nothing was written: if the API really lost them, "
                + "run again with --allow-shrink"
        case let .imageHostNotAllowed(url):
            return "the picture \(url) is not on the API's host; allow its host with --image-host if it is trusted"
        }
    }

    static let checkAPI =
        "check that --api points at a Rick and Morty API such as \(APIClient.defaultBaseURL.absoluteString)"

    static func mebibytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
