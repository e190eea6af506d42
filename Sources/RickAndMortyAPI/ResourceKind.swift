/// The three record collections of the API, named as in its URL paths.
public enum ResourceKind: String, Sendable, CaseIterable, Codable {
    case character, location, episode
}
