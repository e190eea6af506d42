/// A name that links to its record's page; `url` is nil when the record does not exist, and the
/// templates then show the name as plain text rather than a broken link.
public struct RecordLink: Codable, Sendable, Equatable {
    public let name: String
    public let url: String?

    public init(name: String, url: String?) {
        self.name = name
        self.url = url
    }
}
