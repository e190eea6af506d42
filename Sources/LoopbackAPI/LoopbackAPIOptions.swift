import Foundation

/// How the loopback API behaves.
package struct LoopbackAPIOptions: Sendable {
    /// Added to every request before it is answered (the benchmark uses 50 ms).
    package var latency: Duration
    package var pageSize: Int
    /// The base the data's absolute URLs start with; it is replaced by the server's own base URL.
    package var sourceBaseURL: String
    /// Faults in force from the first request.
    package var faults: [LoopbackFaultRule]
    /// Checked before the faults: a request it turns away neither reaches them nor counts for `.everyNth`.
    package var rateLimit: LoopbackRateLimit?
    /// `Last-Modified` of everything until it changes.
    package var lastModified: Date
    /// The most ids one GraphQL `…ByIds` field takes (more is refused as too large); nil for any number.
    package var graphQLBatchLimit: Int?

    package init(
        latency: Duration = .zero, pageSize: Int = 20, sourceBaseURL: String = "https://rickandmortyapi.com/api",
        faults: [LoopbackFaultRule] = [], rateLimit: LoopbackRateLimit? = nil,
        lastModified: Date = Date(timeIntervalSince1970: 1_700_000_000), graphQLBatchLimit: Int? = nil
    ) {
        self.latency = latency
        self.pageSize = max(1, pageSize)
        self.sourceBaseURL = sourceBaseURL
        self.faults = faults
        self.rateLimit = rateLimit
        self.lastModified = lastModified
        self.graphQLBatchLimit = graphQLBatchLimit.map { max(1, $0) }
    }
}
