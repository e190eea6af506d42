import Foundation
import RickAndMortyAPI

/// Small generated datasets, for tests that need many fetches or builds to stay fast.
package enum GeneratedSnapshot {
    package static let source = "https://rickandmortyapi.com/api"

    /// `characters` characters (each in episode 1 + id % episodes, living at location 1 + id % locations),
    /// with every reference written the way the API writes it.
    package static func make(characters: Int = 45, locations: Int = 3, episodes: Int = 2) -> Snapshot {
        let people = (1...characters).map { id in
            CharacterRecord(
                id: id, name: "Character \(id)", status: "Alive", species: "Human", type: "", gender: "Female",
                origin: NamedReference(name: "Location 1", url: "\(source)/location/1"),
                location: NamedReference(name: "Location \(1 + id % locations)", url: "\(source)/location/\(1 + id % locations)"),
                image: "\(source)/character/avatar/\(id).jpeg",
                episode: ["\(source)/episode/\(1 + id % episodes)"],
                url: "\(source)/character/\(id)", created: "2017-11-04T18:48:46.250Z")
        }
        let places = (1...locations).map { id in
            LocationRecord(
                id: id, name: "Location \(id)", type: "Planet", dimension: "Dimension C-137",
                residents: people.filter { 1 + $0.id % locations == id }.map(\.url),
                url: "\(source)/location/\(id)", created: "2017-11-10T12:42:04.162Z")
        }
        let shows = (1...episodes).map { id in
            EpisodeRecord(
                id: id, name: "Episode \(id)", airDate: "December 2, 2013", episode: String(format: "S01E%02d", id),
                characters: people.filter { 1 + $0.id % episodes == id }.map(\.url),
                url: "\(source)/episode/\(id)", created: "2017-11-10T12:56:33.798Z")
        }
        return Snapshot(characters: people, locations: places, episodes: shows)
    }
}
