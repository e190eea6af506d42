/// A character exactly as the API serves it.
package struct CharacterRecord: Codable, Sendable, Equatable, Identifiable {
    package var id: Int
    package var name: String
    package var status: String
    package var species: String
    package var type: String
    package var gender: String
    package var origin: NamedReference
    package var location: NamedReference
    package var image: String
    package var episode: [String]
    package var url: String
    package var created: String

    package init(
        id: Int, name: String, status: String, species: String, type: String, gender: String,
        origin: NamedReference, location: NamedReference, image: String, episode: [String],
        url: String, created: String
    ) {
        self.id = id
        self.name = name
        self.status = status
        self.species = species
        self.type = type
        self.gender = gender
        self.origin = origin
        self.location = location
        self.image = image
        self.episode = episode
        self.url = url
        self.created = created
    }
}
