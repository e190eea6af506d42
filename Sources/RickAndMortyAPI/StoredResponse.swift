/// What the cache keeps per fetched page: its validators, for conditional requests, and its body,
/// which a 304 reuses.
public struct StoredResponse: Codable, Sendable, Equatable {
    public var etag: String?
    public var lastModified: String?
    public var body: String

    public init(etag: String?, lastModified: String?, body: String) {
        self.etag = etag
        self.lastModified = lastModified
        self.body = body
    }

    public var hasValidators: Bool { etag != nil || lastModified != nil }
}
