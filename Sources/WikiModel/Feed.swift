/// The Atom feed of what changed (`/feed.xml`): one entry per group of the "What's new" timeline, the newest first.
public struct Feed: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public let id: String
        public let title: String
        public let updated: String
        /// The group's first page.
        public let url: String
        public let summary: String
    }

    public let id: String
    public let title: String
    /// The newest entry's date; without entries, a fixed date, so the feed stays the same from one build to the next.
    public let updated: String
    public let selfURL: String
    public let pageURL: String
    public let entries: [Entry]
}
