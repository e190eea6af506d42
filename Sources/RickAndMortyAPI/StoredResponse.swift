/// What the cache keeps per fetched page: its validators, for conditional requests, and its body,
/// which a 304 reuses.
package struct StoredResponse: Codable, Sendable, Equatable {
    package var etag: String?
    package var lastModified: String?
    package var body: String

    package init(etag: String?, lastModified: String?, body: String) {
        self.etag = etag
        self.lastModified = lastModified
        self.body = body
    }

    package var hasValidators: Bool { etag != nil || lastModified != nil }
}
