/// The three record collections of the API, named as in its URL paths.
package enum ResourceKind: String, Sendable, CaseIterable, Codable {
    case character, location, episode
}
