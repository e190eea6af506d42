import Foundation

/// Where the records come from. Either way the snapshot is the same, byte for byte; GraphQL needs a handful
/// of requests where REST needs one per page.
package enum RecordSource: Sendable, Equatable {
    case rest
    /// The GraphQL endpoint, e.g. `https://rickandmortyapi.com/graphql`. The REST base (`APIClient.baseURL`)
    /// still names the records' URLs, which GraphQL does not serve.
    case graphQL(endpoint: URL)

    /// The public service answers GraphQL beside its REST base: `…/api` becomes `…/graphql`. Nil when the
    /// base does not end in `/api`, so there is nothing to derive it from.
    package static func graphQLEndpoint(forREST base: URL) -> URL? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        guard path == "/api" || path.hasSuffix("/api") else { return nil }
        components.path = String(path.dropLast("api".count)) + "graphql"
        components.query = nil
        components.fragment = nil
        return components.url
    }
}
