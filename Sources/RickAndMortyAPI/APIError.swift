/// Why fetching from the API failed, in one line that says what to do next.
public enum APIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Every attempt failed with a retryable problem. `status` is the last HTTP status, nil when the
    /// last attempt got no response at all.
    case gaveUp(url: String, status: Int?, attempts: Int, lastProblem: String, cause: FailureCause)
    /// A status that another attempt would not change (404, 401, …).
    case unexpectedStatus(url: String, status: Int, attempt: Int)
    /// The pages do not add up to one consistent collection.
    case inconsistentData(resource: ResourceKind, problem: String)
    case invalidURL(String)
    /// Redirected in a loop or too many times; another attempt would go the same way.
    case redirectLoop(url: String)
    /// The whole job ran out of time. `throttledTo` is the pace in requests per second when the API was
    /// throttling at the end.
    case timeLimitExceeded(limit: Duration, progress: ProgressReporter.Tally, throttledTo: Double?)

    /// What kept failing; each cause has its own advice, since no one remedy fits them all.
    public enum FailureCause: Sendable, Equatable {
        /// HTTP 5xx or 408.
        case serverError
        case timedOut
        case cannotConnect
        /// Connections broke mid-way (reset, dropped, not HTTP).
        case connectionLost
        /// Truncated, malformed or not what was asked for.
        case damagedBody
    }

    public var description: String {
        switch self {
        case let .gaveUp(url, status, attempts, lastProblem, cause):
            let statusText = status.map { "HTTP \($0)" } ?? "no response"
            return "GET \(url) failed after \(attempts) attempts (last: \(statusText), \(lastProblem)); "
                + Self.advice(cause)
        case let .unexpectedStatus(url, status, attempt):
            return "GET \(url) answered HTTP \(status) (attempt \(attempt)); "
                + "check that --api points at a Rick and Morty API such as \(APIClient.defaultBaseURL.absoluteString)"
        case let .inconsistentData(resource, problem):
            return "the \(resource.rawValue) pages are inconsistent: \(problem); "
                + "the data may have changed during the fetch: run the fetch again"
        case let .invalidURL(url):
            return "cannot make a request URL from \(url): check the --api URL"
        case let .redirectLoop(url):
            return "GET \(url) is redirected in a loop or too many times: check the --api URL"
        case let .timeLimitExceeded(limit, progress, throttledTo):
            let done = NumberText.grouped(progress.done, separator: ",")
            let expected = NumberText.grouped(progress.expected, separator: ",")
            var text = "the fetch did not finish within --max-time \(Self.format(limit)) ("
                + (progress.phase.isEmpty ? "before its first request" : "\(progress.phase): \(done) of \(expected) requests done")
            if let throttledTo {
                text += ", throttled by the API to " + ProgressReporter.format(rate: throttledTo)
            }
            return text + "); the cache is unchanged: run it again with a longer --max-time, or later"
        }
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

    /// `90m`, `2h`, `45s`: the units `--max-time` takes.
    static func format(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        if seconds > 0, seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds > 0, seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }
}
