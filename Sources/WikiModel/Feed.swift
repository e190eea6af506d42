/// The Atom feed of what changed (`/feed.xml`): one entry per group of the "What's new" timeline, the newest first.
package struct Feed: Codable, Sendable, Equatable {
    package struct Entry: Codable, Sendable, Equatable {
        package let id: String
        package let title: String
        package let updated: String
        /// The group's first page.
        package let url: String
        package let summary: String
    }

    package let id: String
    package let title: String
    /// The newest entry's date; without entries, a fixed date, so the feed stays the same from one build to the next.
    package let updated: String
    let selfURL: String
    package let pageURL: String
    package let entries: [Entry]
}
