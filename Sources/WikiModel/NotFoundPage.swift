public struct NotFoundPage: Codable, Sendable, Equatable {
    public let homeURL: String
}
