import Foundation
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
    case notJSON(url: String, contentType: String, method: String = "GET")
    /// A body longer than rmwiki reads for one response of its kind; reading stopped at the limit. `method` is
    /// the request's (a GraphQL query is a POST).
    case bodyTooLarge(url: String, limit: Int, method: String = "GET")
    /// The pages of one fetch add up to more than rmwiki keeps in memory.
    case fetchTooLarge(limit: Int)
    /// A collection served much smaller than the cached one: refused unless the user says it is expected.
    case collectionShrank(resource: ResourceKind, cached: Int, served: Int)
    /// The same against the site the last build published (a cold cache has nothing to compare with).
    case publishedCollectionShrank(resource: ResourceKind, published: Int, served: Int)
    /// An avatar URL on a host that neither `--api` nor `--image-host` names.
    case imageHostNotAllowed(url: String)
    /// A well-delivered answer that is not what it must be (bad bytes, a document nested too deep, a fraction
    /// where an id belongs): the same answer would come again, so it is not retried.
    case invalidJSON(url: String, problem: String, method: String = "GET")
    /// A picture answered whole with something that is not a JPEG or PNG (`problem`: "HTML sent as text/html"):
    /// the same answer would come again, so it is not retried.
    case notAPicture(url: String, problem: String)
    /// Redirected back to a URL already visited (`chain` from the first URL to the repeated one), or more than
    /// `APIClient.maximumRedirects` times; another attempt would go the same way.
    case redirectLoop(chain: [String])
    case tooManyRedirects(chain: [String])
    /// Redirected to a host the request may not be sent on to (another origin than the API's; for a picture, a
    /// host neither `--api` nor `--image-host` names).
    case redirectToOtherHost(url: String, target: String)
    /// The API asked to wait longer (`Retry-After`) than the fetch has left of `--max-time`.
    case waitBeyondTimeLimit(url: String, wait: Duration, limit: Duration)
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
            return "GET \(URLText.display(url)) failed after \(CountText.of(attempts, "attempt")) (last: \(statusText), \(lastProblem)); "
                + Self.advice(cause)
        case let .unexpectedStatus(url, status, attempt):
            return "GET \(URLText.display(url)) answered HTTP \(status) (attempt \(attempt)); " + Self.checkAPI
        case let .inconsistentData(resource, problem):
            return "the \(resource.rawValue) pages are inconsistent: \(problem); "
                + "the data may have changed during the fetch: run the fetch again"
        case let .invalidURL(url):
            return "cannot make a request URL from \(url): check the --api URL"
        case let .notJSON(url, contentType, method):
            return "\(method) \(URLText.display(url)) answered \(contentType) where JSON was expected; " + Self.checkAPI
        case let .bodyTooLarge(url, limit, method):
            return "\(method) \(URLText.display(url)) sent more than \(Self.mebibytes(limit)), the most rmwiki reads for one "
                + (url.contains("/avatar/") ? "picture" : "answer of this kind") + "; " + Self.checkAPI
        case let .fetchTooLarge(limit):
            return "the record pages add up to more than \(Self.mebibytes(limit)), the most rmwiki holds for one fetch; "
                + Self.checkAPI
        case let .collectionShrank(resource, cached, served):
            return "the API serves \(CountText.of(served, resource.rawValue)) where the cache has \(cached) (more than "
                + "\(ShrinkCheck.maximumDropPercent) % fewer); nothing was written: if the API really lost them, "
                + "run again with --allow-shrink"
        case let .publishedCollectionShrank(resource, published, served):
            return "the API serves \(served) \(resource.rawValue)s where the published site has \(published) (more than "
                + "\(ShrinkCheck.maximumDropPercent) % fewer); nothing was written: if the API really lost them, "
                + "run again with --allow-shrink"
        case let .imageHostNotAllowed(url):
            return "the picture \(URLText.display(url)) is not on the API's host; allow its host with --image-host if it is trusted"
        case let .invalidJSON(url, problem, method):
            return "\(method) \(URLText.display(url)) answered \(problem); not retried, since the same answer would come "
                + "again; " + Self.checkAPI
        case let .notAPicture(url, problem):
            return "GET \(URLText.display(url)) answered \(problem) where a JPEG or PNG picture was expected; not retried, "
                + "since the same answer would come again"
        case let .redirectLoop(chain):
            return "GET \(URLText.display(chain[0])) is redirected in a loop ("
                + chain.map(URLText.display).joined(separator: " → ") + "): check the --api URL"
        case let .tooManyRedirects(chain):
            return "GET \(URLText.display(chain[0])) is redirected more than \(APIClient.maximumRedirects) times ("
                + chain.map(URLText.display).joined(separator: " → ") + "): check the --api URL"
        case let .redirectToOtherHost(url, target):
            let host = URL(string: target).flatMap(ImageHosts.hostAndPort) ?? target
            return "GET \(URLText.display(url)) is redirected to \(URLText.display(target)), on another host (\(host.printable)); "
                + "rmwiki follows redirects only within the API's host"
                + (url.contains("/avatar/") ? " and the --image-host hosts" : ": check the --api URL")
        case let .waitBeyondTimeLimit(url, wait, limit):
            return "GET \(URLText.display(url)) was answered \"wait \(DurationText.limit(wait))\" (Retry-After), longer than "
                + "what is left of --max-time \(DurationText.limit(limit)); the cache is unchanged: run it again later"
        case let .timeLimitExceeded(limit, progress, throttledTo):
            let done = NumberText.grouped(progress.done, separator: ",")
            let expected = NumberText.grouped(progress.expected, separator: ",")
            var text = "the fetch did not finish within --max-time \(DurationText.limit(limit)) ("
                + (progress.phase.isEmpty ? "before its first request" : "\(progress.phase): \(done) of \(expected) \(CountText.noun(progress.expected, "request")) done")
            if let throttledTo {
                text += ", throttled by the API to " + ProgressReporter.format(rate: throttledTo)
            }
            return text + "); the cache is unchanged: run it again with a longer --max-time, or later"
        }
    }

    static let checkAPI =
        "check that --api points at a Rick and Morty API such as \(APIClient.defaultBaseURL.absoluteString)"

    static func mebibytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : CountText.of(bytes, "byte")
    }

    /// What may help, by cause; `urlOption` names the option that sets the URL that failed.
    static func advice(_ cause: FailureCause, urlOption: String = "--api") -> String {
        switch cause {
        case .serverError:
            "the API is failing: try again later"
        case .timedOut:
            "the API did not answer in time: check the network, or try again later"
        case .cannotConnect:
            "cannot reach the API: check the network and the \(urlOption) URL"
        case .connectionLost:
            // Fewer parallel connections is what helps when a proxy or the server drops some of them.
            "connections kept breaking: check the network, or try again with a lower --concurrency"
        case .damagedBody:
            "the API sent incomplete or malformed answers: try again later, and check that \(urlOption) points at "
                + "a Rick and Morty API"
        }
    }
}
