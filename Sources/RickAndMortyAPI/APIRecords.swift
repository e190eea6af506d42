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

/// The three record collections of the API, named as in its URL paths.
package enum ResourceKind: String, Sendable, CaseIterable, Codable {
    case character, location, episode
}

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

/// An episode exactly as the API serves it (`air_date`, and `episode` holding the code such as `S01E01`).
package struct EpisodeRecord: Codable, Sendable, Equatable, Identifiable {
    package var id: Int
    package var name: String
    package var airDate: String
    package var episode: String
    package var characters: [String]
    package var url: String
    package var created: String

    enum CodingKeys: String, CodingKey {
        case id, name, airDate = "air_date", episode, characters, url, created
    }

    package init(
        id: Int, name: String, airDate: String, episode: String, characters: [String], url: String, created: String
    ) {
        self.id = id
        self.name = name
        self.airDate = airDate
        self.episode = episode
        self.characters = characters
        self.url = url
        self.created = created
    }
}

/// Turns the API's absolute record URLs into ids. Only the path tail counts (`…/character/12`),
/// so data fetched from a self-hosted instance (`--api`) resolves the same way.
package enum RecordReference {
    package static func id(in url: String, kind: ResourceKind) -> Int? {
        // The last two segments, slashes in a row counting as one, found from the end in bytes: splitting every URL
        // into all its segments was a third of resolving the records (some 8,000 URLs).
        let bytes = url.utf8
        let slash = UInt8(ascii: "/")
        func segment(endingBefore end: String.Index) -> Range<String.Index>? {
            guard let last = bytes[..<end].lastIndex(where: { $0 != slash }) else { return nil }
            let start = bytes[..<last].lastIndex(of: slash).map(bytes.index(after:)) ?? bytes.startIndex
            return start..<bytes.index(after: last)
        }
        guard let last = segment(endingBefore: bytes.endIndex), let id = Int(url[last]), id > 0,
              let previous = segment(endingBefore: last.lowerBound), url[previous] == kind.rawValue
        else { return nil }
        return id
    }
}

/// One list page as the API serves it: `{"info": …, "results": […]}`.
struct Page<Record: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    var info: PageInfo
    var results: [Record]
}

/// The `info` block of a list page.
struct PageInfo: Codable, Sendable, Equatable {
    var count: Int
    var pages: Int
    var next: String?
    var prev: String?
}
