/// A location exactly as the API serves it.
public struct LocationRecord: Codable, Sendable, Equatable, Identifiable {
    public var id: Int
    public var name: String
    public var type: String
    public var dimension: String
    public var residents: [String]
    public var url: String
    public var created: String

    public init(
        id: Int, name: String, type: String, dimension: String, residents: [String], url: String, created: String
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.dimension = dimension
        self.residents = residents
        self.url = url
        self.created = created
    }
}
