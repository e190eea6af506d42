/// `{"name": …, "url": …}` as the API links a character to its origin and location;
/// `url` is empty when the API knows only a name (e.g. "unknown").
public struct NamedReference: Codable, Sendable, Equatable {
    public var name: String
    public var url: String

    public init(name: String, url: String) {
        self.name = name
        self.url = url
    }
}
