public struct SearchPage: Codable, Sendable, Equatable {
    public struct Option: Codable, Sendable, Equatable {
        public let value: String
        public let label: String
    }

    public let indexURL: String
    public let statuses: [Option]
    public let genders: [Option]
    public let species: [Option]
    public let quickQueries: [String]
}
