import Primitives
/// Why fetching from the API failed, in one line that says what to do next.
package enum APIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Every attempt failed with a retryable problem. `status` is the last HTTP status, nil when the
    /// last attempt got no response at all.
    case gaveUp(url: String, status: Int?, attempts: Int, lastProblem: String, cause: FailureCause)
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
    /// The same against the site the last build published (a cold cache has nothing to compare with).
    case publishedCollectionShrank(resource: ResourceKind, published: Int, served: Int)
    /// An avatar URL on a host that neither `--api` nor `--image-host` names.
    case imageHostNotAllowed(url: String)
    /// Redirected in a loop or too many times; another attempt would go the same way.
    case redirectLoop(url: String)
    /// The whole job ran out of time. `throttledTo` is the pace in requests per second when the API was
    /// throttling at the end.
    case timeLimitExceeded(limit: Duration, progress: ProgressReporter.Tally, throttledTo: Double?)

    /// What kept failing; each cause has its own advice, since no one remedy fits them all.
    package enum FailureCause: Sendable, Equatable {
        /// HTTP 5xx or 408.
        case serverError
        case timedOut
        case cannotConnect
        /// Connections broke mid-way (reset, dropped, not HTTP).
        case connectionLost
        /// Truncated, malformed or not what was asked for.
        case damagedBody
    }

    package var description: String {
        switch self {
        case let .gaveUp(url, status, attempts, lastProblem, cause):
            let statusText = status.map { "HTTP \($0)" } ?? "no response"
            return "GET \(url) failed after \(attempts) attempts (last: \(statusText), \(lastProblem)); "
                + Self.advice(cause)
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
        case let .publishedCollectionShrank(resource, published, served):
            return "the API serves \(served) \(resource.rawValue)s where the published site has \(published) (more than "
                + "\(ShrinkCheck.maximumDropPercent) % fewer); nothing was written: if the API really lost them, "
                + "run again with --allow-shrink"
        case let .imageHostNotAllowed(url):
            return "the picture \(url) is not on the API's host; allow its host with --image-host if it is trusted"
        case let .redirectLoop(url):
            return "GET \(url) is redirected in a loop or too many times: check the --api URL"
        case let .timeLimitExceeded(limit, progress, throttledTo):
            let done = NumberText.grouped(progress.done, separator: ",")
            let expected = NumberText.grouped(progress.expected, separator: ",")
            var text = "the fetch did not finish within --max-time \(DurationText.limit(limit)) ("
                + (progress.phase.isEmpty ? "before its first request" : "\(progress.phase): \(done) of \(expected) requests done")
            if let throttledTo {
                text += ", throttled by the API to " + ProgressReporter.format(rate: throttledTo)
            }
            return text + "); the cache is unchanged: run it again with a longer --max-time, or later"
        }
    }

    static let checkAPI =
        "check that --api points at a Rick and Morty API such as \(APIClient.defaultBaseURL.absoluteString)"

    static func mebibytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    private static func advice(_ cause: FailureCause) -> String {
        switch cause {
        case .serverError:
            "the API is failing: try again later"
        case .timedOut:
            "the API did not answer in time: check the network, or try again later"
        case .cannotConnect:
            "cannot reach the API: check the network and the --api URL"
        case .connectionLost:
            // Fewer parallel connections is what helps when a proxy or the server drops some of them.
            "connections kept breaking: check the network, or try again with a lower --concurrency"
        case .damagedBody:
            "the API sent incomplete or malformed answers: try again later, and check that --api points at "
                + "a Rick and Morty API"
        }
    }
}
