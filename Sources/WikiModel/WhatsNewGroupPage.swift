/// Every change of one rebuild or one day of the API's additions, a page at a time.
public struct WhatsNewGroupPage: Codable, Sendable, Equatable {
    public let counts: [String]
    public let items: [WhatsNewPage.Item]
    /// Nil when the group fits on one page.
    public let pager: Pager?
    public let timelineURL: String
}
