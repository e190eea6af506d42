import Primitives
/// Why fetching over GraphQL failed: each names the query, where in the answer, and what to do.
package enum GraphQLFetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server refused the query (an HTTP 4xx, or `errors` saying it cannot run it); asking again would
    /// get the same answer.
    case rejected(query: String, status: Int, path: String, message: String)
    /// Every attempt failed with a problem worth retrying (a 5xx, a 429, a cut or malformed body, `errors`
    /// from a failing resolver). `status` is the last HTTP status, nil when there was no response.
    case gaveUp(query: String, endpoint: String, status: Int?, attempts: Int, lastProblem: String, cause: APIError.FailureCause)
    /// `null` (or nothing) where the answer must hold a record or a value.
    case unexpectedNull(query: String, path: String)
    /// A value of the wrong kind (an id that is no positive number): the same answer would come again.
    case invalidValue(query: String, path: String, problem: String)
    /// The answers do not add up to one whole collection (ids left out, repeated, or not asked for).
    case inconsistentData(query: String, problem: String)

    package var description: String {
        switch self {
        case let .rejected(query, status, path, message):
            return "GraphQL query \(query) was rejected (HTTP \(status)) at \(path): \(message); check that --graphql "
                + "(or --api) names a Rick and Morty GraphQL endpoint such as https://rickandmortyapi.com/graphql, "
                + "or fetch with --source rest"
        case let .gaveUp(query, endpoint, status, attempts, lastProblem, cause):
            let statusText = status.map { "HTTP \($0)" } ?? "no response"
            // The same diagnosis as REST's, by cause; REST is another way in only when the endpoint itself fails.
            return "GraphQL query \(query) to \(URLText.display(endpoint)) failed after \(CountText.of(attempts, "attempt")) (last: "
                + "\(statusText), \(lastProblem)); " + APIError.advice(cause, urlOption: "--graphql (or --api)")
                + (cause == .serverError || cause == .damagedBody ? ", or fetch with --source rest" : "")
        case let .unexpectedNull(query, path):
            return "GraphQL query \(query) answered null at \(path) where a record or value was expected; "
                + "the data may have changed during the fetch: run the fetch again"
        case let .invalidValue(query, path, problem):
            return "GraphQL query \(query) answered an invalid value at \(path): \(problem); not retried, since the same "
                + "answer would come again; check that --graphql (or --api) names a Rick and Morty GraphQL endpoint"
        case let .inconsistentData(query, problem):
            return "GraphQL query \(query) is inconsistent: \(problem); "
                + "the data may have changed during the fetch: run the fetch again"
        }
    }
}
