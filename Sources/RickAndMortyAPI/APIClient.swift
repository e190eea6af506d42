import Foundation

/// Talks to one instance of the Rick and Morty API: whole-dataset fetches and avatar downloads, with at most
/// `concurrency` requests in flight across everything this client (and its copies) sends, retries with
/// backoff, and a time limit per request.
public struct APIClient: Sendable {
    // A literal, not input data: it always parses.
    public static let defaultBaseURL = URL(string: "https://rickandmortyapi.com/api")!
    /// Modest on purpose: the public API is free. Loopback benchmarks show 8 in flight already hide
    /// most of the latency.
    public static let defaultConcurrency = 8
    public static let defaultRequestTimeout: Duration = .seconds(30)

    public let baseURL: URL
    public let transport: any HTTPTransport
    public let concurrency: Int
    public let retryPolicy: RetryPolicy
    public let requestTimeout: Duration
    /// REST unless set; a property rather than an initializer argument, since only `fetchRecords` reads it.
    public var recordSource: RecordSource = .rest
    let sleep: @Sendable (Duration) async throws -> Void
    let limiter: RequestLimiter

    /// `sleep` waits between attempts; tests pass one that records the delays instead of waiting.
    public init(
        baseURL: URL = APIClient.defaultBaseURL,
        transport: (any HTTPTransport)? = nil,
        concurrency: Int = APIClient.defaultConcurrency,
        retryPolicy: RetryPolicy = .standard,
        requestTimeout: Duration = APIClient.defaultRequestTimeout,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.baseURL = baseURL
        self.concurrency = max(1, concurrency)
        self.transport = transport ?? URLSessionTransport(maximumConnectionsPerHost: max(1, concurrency))
        self.retryPolicy = retryPolicy
        self.requestTimeout = requestTimeout
        self.sleep = sleep
        limiter = RequestLimiter(limit: concurrency)
    }

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
