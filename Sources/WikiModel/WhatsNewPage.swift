/// Records added or changed by each build that found changes, newest build first.
public struct WhatsNewPage: Codable, Sendable, Equatable {
    public struct Item: Codable, Sendable, Equatable {
        public let kind: String
        public let change: String
        public let changeClass: String
        public let record: RecordLink
    }

    public struct Build: Codable, Sendable, Equatable {
        public let date: String
        public let dateISO: String
        public let items: [Item]
    }

    public let hasBuilds: Bool
    public let builds: [Build]
    public let feedURL: String
}
