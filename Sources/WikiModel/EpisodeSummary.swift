/// An episode as a row: code, name, air date (readable and machine-readable), cast size.
public struct EpisodeSummary: Codable, Sendable, Equatable {
    public let id: Int
    public let code: String
    public let name: String
    public let url: String
    public let airDate: String
    public let airDateISO: String?
    public let castSize: String
}
