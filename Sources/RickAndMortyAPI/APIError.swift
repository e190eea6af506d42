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

    public var description: String {
        switch self {
        case let .gaveUp(url, status, attempts, lastProblem):
            let statusText = status.map { "HTTP \($0)" } ?? "no response"
            return "GET \(url) failed after \(attempts) attempts (last: \(statusText), \(lastProblem)); "
                + "the API may be down or rate-limiting: try again later or with a lower --concurrency"
        case let .unexpectedStatus(url, status, attempt):
            return "GET \(url) answered HTTP \(status) (attempt \(attempt)); "
                + "check that --api points at a Rick and Morty API such as \(APIClient.defaultBaseURL.absoluteString)"
        case let .inconsistentData(resource, problem):
            return "the \(resource.rawValue) pages are inconsistent: \(problem); "
                + "the data may have changed during the fetch: run the fetch again"
        case let .invalidURL(url):
            return "cannot make a request URL from \(url): check the --api URL"
        }
    }
}
