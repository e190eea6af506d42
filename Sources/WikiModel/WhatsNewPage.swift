/// One page of the "What's new" timeline: rebuilds and the API's additions by day, newest first, each with
/// its counts and first changes.
public struct WhatsNewPage: Codable, Sendable, Equatable {
    public struct Item: Codable, Sendable, Equatable {
        public let kind: String
        public let change: String
        public let changeClass: String
        public let record: RecordLink
    }

    public struct Group: Codable, Sendable, Equatable {
        /// Unique on the page, for the heading's `id`.
        public let id: String
        public let title: String
        /// The group's own pages, which list every change.
        public let url: String
        public let counts: [String]
        public let items: [Item]
        /// The link text to the group's pages when `items` does not show every change.
        public let more: String?
    }

    public let hasGroups: Bool
    public let groups: [Group]
    /// Nil when the timeline fits on one page.
    public let pager: Pager?
    public let feedURL: String
}
