/// A small dataset authored for the project so `rmwiki build --demo` works offline on a fresh machine:
/// 20 characters, 5 locations and 6 episodes over 2 seasons, in the API's exact shape, with drawn avatars.
package enum DemoDataset {
    static let apiBase = "https://rickandmortyapi.com/api"

    package static let snapshot: Snapshot = {
        let episodes = DemoDatasetEpisode.allCases.map { episode in
            EpisodeRecord(
                id: episode.rawValue, name: episode.name, airDate: episode.airDate, episode: episode.code,
                characters: cast.filter { $0.episode.contains(episode.url) }.map(\.url),
                url: episode.url, created: episode.created
            )
        }
        let locations = DemoDatasetPlace.allCases.map { place in
            LocationRecord(
                id: place.rawValue, name: place.name, type: place.type, dimension: place.dimension,
                residents: cast.filter { $0.location.url == place.url }.map(\.url),
                url: place.url, created: place.created
            )
        }
        return Snapshot(characters: cast, locations: locations, episodes: episodes)
    }()

    /// One drawn SVG portrait per character, keyed by character id. Built on each call (cheap: ~20 small
    /// strings) so no avatar bytes stay in memory when a real build never asks for them.
    package static func avatars() -> [Int: AvatarImage] {
        Dictionary(
            snapshot.characters.map { character in
                let svg = DemoDatasetAvatar(character: character).svg
                return (character.id, AvatarImage(source: .bytes(Array(svg.utf8)), fileExtension: "svg"))
            },
            uniquingKeysWith: { first, _ in first }
        )
    }

    static func url(_ kind: ResourceKind, _ id: Int) -> String {
        "\(apiBase)/\(kind.rawValue)/\(id)"
    }
}

/// The demo dataset's episodes: the first three of seasons 1 and 2, with their real titles and air dates.
enum DemoDatasetEpisode: Int, CaseIterable, Sendable {
    case pilot = 1
    case lawnmowerDog
    case anatomyPark
    case aRickleInTime
    case mortynightRun
    case autoEroticAssimilation

    var name: String {
        switch self {
        case .pilot: "Pilot"
        case .lawnmowerDog: "Lawnmower Dog"
        case .anatomyPark: "Anatomy Park"
        case .aRickleInTime: "A Rickle in Time"
        case .mortynightRun: "Mortynight Run"
        case .autoEroticAssimilation: "Auto Erotic Assimilation"
        }
    }

    var airDate: String {
        switch self {
        case .pilot: "December 2, 2013"
        case .lawnmowerDog: "December 9, 2013"
        case .anatomyPark: "December 16, 2013"
        case .aRickleInTime: "July 26, 2015"
        case .mortynightRun: "August 2, 2015"
        case .autoEroticAssimilation: "August 9, 2015"
        }
    }

    var code: String {
        switch self {
        case .pilot: "S01E01"
        case .lawnmowerDog: "S01E02"
        case .anatomyPark: "S01E03"
        case .aRickleInTime: "S02E01"
        case .mortynightRun: "S02E02"
        case .autoEroticAssimilation: "S02E03"
        }
    }

    var created: String {
        switch self {
        case .pilot: "2017-11-10T12:56:33.798Z"
        case .lawnmowerDog: "2017-11-10T12:56:33.916Z"
        case .anatomyPark: "2017-11-10T12:56:34.022Z"
        case .aRickleInTime: "2017-11-10T12:56:35.160Z"
        case .mortynightRun: "2017-11-10T12:56:35.261Z"
        case .autoEroticAssimilation: "2017-11-10T12:56:35.364Z"
        }
    }

    var url: String { DemoDataset.url(.episode, rawValue) }
}

/// The demo dataset's locations, authored for the project (names and kinds from the show, records our own).
enum DemoDatasetPlace: Int, CaseIterable, Sendable {
    case earthC137 = 1
    case earthReplacement
    case anatomyPark
    case citadelOfRicks
    case gromflomPrime

    var name: String {
        switch self {
        case .earthC137: "Earth (C-137)"
        case .earthReplacement: "Earth (Replacement Dimension)"
        case .anatomyPark: "Anatomy Park"
        case .citadelOfRicks: "Citadel of Ricks"
        case .gromflomPrime: "Gromflom Prime"
        }
    }

    var type: String {
        switch self {
        case .earthC137, .earthReplacement, .gromflomPrime: "Planet"
        case .anatomyPark: "Microverse"
        case .citadelOfRicks: "Space station"
        }
    }

    var dimension: String {
        switch self {
        case .earthC137, .anatomyPark: "Dimension C-137"
        case .earthReplacement, .gromflomPrime: "Replacement Dimension"
        case .citadelOfRicks: "unknown"
        }
    }

    var created: String {
        switch self {
        case .earthC137: "2017-11-10T12:42:04.162Z"
        case .earthReplacement: "2017-11-10T12:44:21.911Z"
        case .anatomyPark: "2017-11-10T13:08:13.191Z"
        case .citadelOfRicks: "2017-11-10T13:08:46.060Z"
        case .gromflomPrime: "2017-11-18T19:24:39.907Z"
        }
    }

    var url: String { DemoDataset.url(.location, rawValue) }

    var reference: NamedReference { NamedReference(name: name, url: url) }
}
