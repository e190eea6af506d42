/// What the layout needs about a page: `<title>`, meta description, canonical and Open Graph data.
public struct PageMeta: Codable, Sendable, Equatable {
    public let title: String
    public let heading: String
    public let description: String
    public let canonicalURL: String
    public let ogType: String
    public let ogImage: String?
}
