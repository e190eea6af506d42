import Foundation

/// Talks to one instance of the Rick and Morty API: whole-dataset fetches and avatar downloads, with at most
/// `concurrency` requests in flight across everything this client (and its copies) sends, slowing down when
/// the API throttles (`RequestLimiter`), retries with backoff, and a time limit per request.
package struct APIClient: Sendable {
    // A literal, not input data: it always parses.
    package static let defaultBaseURL = URL(string: "https://rickandmortyapi.com/api")!
    /// Modest on purpose: the public API is free. Loopback benchmarks show 8 in flight already hide
    /// most of the latency.
    package static let defaultConcurrency = 8
    static let defaultRequestTimeout: Duration = .seconds(30)
    /// The API serves 20 records per page; page 1's `info` must agree, or the fetch is refused.
    static let pageSize = 20

    let baseURL: URL
    let transport: any HTTPTransport
    let concurrency: Int
    let retryPolicy: RetryPolicy
    let requestTimeout: Duration
    let limits: ResponseLimits
    /// Where avatars may come from besides the API's own origin.
    let imageHosts: ImageHosts
    /// REST unless set; a property rather than an initializer argument, since only `fetchRecords` reads it.
    package var recordSource: RecordSource = .rest
    let sleep: @Sendable (Duration) async throws -> Void
    let limiter: RequestLimiter

    /// The client rmwiki makes: the URLSession transport, the standard retries, time limit and response limits.
    package init(baseURL: URL = APIClient.defaultBaseURL, concurrency: Int = APIClient.defaultConcurrency, allowedImageHosts: [ImageHost] = []) {
        self.init(baseURL: baseURL, transport: nil, concurrency: concurrency, allowedImageHosts: allowedImageHosts)
    }

    /// `sleep` waits between attempts after a real failure; tests pass one that records the delays instead of
    /// waiting. Throttling pauses always take real time: they keep to the server's clock.
    init(
        baseURL: URL = APIClient.defaultBaseURL,
        transport: (any HTTPTransport)? = nil,
        concurrency: Int = APIClient.defaultConcurrency,
        retryPolicy: RetryPolicy = .standard,
        requestTimeout: Duration = APIClient.defaultRequestTimeout,
        limits: ResponseLimits = .standard,
        allowedImageHosts: [ImageHost] = [],
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.baseURL = baseURL
        self.concurrency = max(1, concurrency)
        self.transport = transport ?? URLSessionTransport(maximumConnectionsPerHost: max(1, concurrency))
        self.retryPolicy = retryPolicy
        self.requestTimeout = requestTimeout
        self.limits = limits
        imageHosts = ImageHosts(api: baseURL, allowed: allowedImageHosts)
        self.sleep = sleep
        limiter = RequestLimiter(limit: concurrency)
    }

    /// Child tasks alive at once in one batch of requests: enough to keep `concurrency` requests in flight
    /// while some wait out a backoff, and never one task per page or picture up front.
    var taskWidth: Int { concurrency * 2 }
    /// `baseURL` as text without trailing slashes, which every record URL starts with.
    var baseText: String {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }

    /// `…/api/character?page=N`; page 1 is asked for explicitly too, so every page has one URL (and one
    /// set of stored validators).
    func pageURL(_ kind: ResourceKind, page: Int) throws -> URL {
        let text = "\(baseText)/\(kind.rawValue)?page=\(page)"
        guard let url = URL(string: text) else { throw APIError.invalidURL(text) }
        return url
    }
}

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
