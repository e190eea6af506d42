/// A location exactly as the API serves it.
package struct LocationRecord: Codable, Sendable, Equatable, Identifiable {
    package var id: Int
    package var name: String
    package var type: String
    package var dimension: String
    package var residents: [String]
    package var url: String
    package var created: String

    package init(
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
