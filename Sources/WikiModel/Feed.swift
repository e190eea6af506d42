/// The Atom feed of what changed (`/feed.xml`), the same entries as the "What's new" page.
public struct Feed: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public let id: String
        public let title: String
        public let updated: String
        public let url: String?
        public let summary: String
    }

    public let id: String
    public let title: String
    /// The newest entry's date; without entries, the day of the newest record's `created`, so the feed stays the same
    /// from one build to the next until something changes.
    public let updated: String
    public let selfURL: String
    public let pageURL: String
    public let entries: [Entry]
}
