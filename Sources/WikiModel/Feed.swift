/// The Atom feed of what changed (`/feed.xml`): one entry per group of the "What's new" timeline, the newest first.
package struct Feed: Encodable, Sendable, Equatable {
    struct Entry: Encodable, Sendable, Equatable {
        let id: String
        let title: String
        let updated: String
        /// The group's first page.
        let url: String
        let summary: String
    }

    let id: String
    let title: String
    /// The newest entry's date; without entries, a fixed date, so the feed stays the same from one build to the next.
    let updated: String
    let selfURL: String
    let pageURL: String
    let entries: [Entry]
}
