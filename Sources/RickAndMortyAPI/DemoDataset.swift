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
