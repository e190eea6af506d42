/// One line of a character's info section, its look taken from its `InfoField`.
public struct InfoRow: Codable, Sendable, Equatable {
    public let key: String
    public let label: String
    public let icon: String
    public let color: String
    public let value: String
    public let url: String?
    public let datetime: String?
    public let badgeClass: String?
}
