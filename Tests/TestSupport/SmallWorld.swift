import RickAndMortyAPI

/// A small world with the awkward cases in it: a one-sided episode link, a location that omits a
/// resident, an origin that does not exist, an unknown status, an HTML-looking name and a type two characters share.
package enum SmallWorld {
    package static let api = "https://rickandmortyapi.com/api"

    package static func character(
        _ id: Int, _ name: String, status: String = "Alive", gender: String = "Male", species: String = "Human",
        type: String = "", origin: Int? = nil, location: Int? = nil, episodes: [Int] = []
    ) -> CharacterRecord {
        CharacterRecord(
            id: id, name: name, status: status, species: species, type: type, gender: gender,
            origin: NamedReference(name: origin.map { "Place \($0)" } ?? "unknown", url: origin.map { "\(api)/location/\($0)" } ?? ""),
            location: NamedReference(name: location.map { "Place \($0)" } ?? "unknown", url: location.map { "\(api)/location/\($0)" } ?? ""),
            image: "\(api)/character/avatar/\(id).jpeg",
            episode: episodes.map { "\(api)/episode/\($0)" },
            url: "\(api)/character/\(id)", created: "2017-11-04T18:48:46.250Z")
    }

    package static let snapshot = Snapshot(
        characters: [
            character(1, "Rick Sanchez", origin: 1, location: 1, episodes: [1, 2]),
            character(2, "Morty Smith", status: "unknown", type: "Parasite", origin: 99, location: 2, episodes: [1]),
            character(3, "<b>Bold</b> & \"Quoted\"", status: "Zombified", gender: "Fluid", species: "", type: "Parasite", location: 1),
        ],
        locations: [
            LocationRecord(id: 1, name: "Earth (C-137)", type: "Planet", dimension: "Dimension C-137",
                           residents: ["\(api)/character/1"], url: "\(api)/location/1", created: "2017-11-10T12:42:04.162Z"),
            LocationRecord(id: 2, name: "Citadel of Ricks", type: "", dimension: "unknown",
                           residents: ["\(api)/character/2"], url: "\(api)/location/2", created: "2017-11-10T12:42:04.162Z"),
        ],
        episodes: [
            EpisodeRecord(id: 1, name: "Pilot", airDate: "December 2, 2013", episode: "S01E01",
                          characters: ["\(api)/character/1", "\(api)/character/2"], url: "\(api)/episode/1",
                          created: "2017-11-10T12:56:33.798Z"),
            // Lists character 3, who does not list it back: the link holds both ways.
            EpisodeRecord(id: 2, name: "Lawnmower Dog", airDate: "December 9, 2013", episode: "S01E02",
                          characters: ["\(api)/character/1", "\(api)/character/3"], url: "\(api)/episode/2",
                          created: "2017-11-10T12:56:33.916Z"),
            EpisodeRecord(id: 3, name: "Special", airDate: "sometime", episode: "Bonus",
                          characters: [], url: "\(api)/episode/3", created: "not a date"),
        ])
}

extension SmallWorld {
    /// Tiny avatars for characters 1 and 2; character 3 has none (the placeholder is used).
    package static let avatars: [Int: AvatarImage] = [
        1: AvatarImage(source: .bytes(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)), fileExtension: "svg"),
        2: AvatarImage(source: .bytes(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"1\"/></svg>".utf8)), fileExtension: "svg"),
    ]
}

extension SmallWorld {
    /// Two rebuilds' worth of changes, one naming a record that no longer exists.
    package static let history = ChangeHistory(entries: [
        .init(date: "2026-11-21T03:30:00Z", kind: .character, id: 3, name: "<b>Bold</b> & \"Quoted\"", change: .added),
        .init(date: "2026-11-21T03:30:00Z", kind: .episode, id: 2, name: "Lawnmower Dog", change: .changed),
        .init(date: "2026-11-20T03:30:00Z", kind: .location, id: 77, name: "Gone Place", change: .added),
    ])
}
