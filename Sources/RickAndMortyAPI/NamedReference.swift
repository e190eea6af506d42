/// `{"name": …, "url": …}` as the API links a character to its origin and location;
/// `url` is empty when the API knows only a name (e.g. "unknown").
package struct NamedReference: Codable, Sendable, Equatable {
    package var name: String
    package var url: String

    package init(name: String, url: String) {
        self.name = name
        self.url = url
    }
}
