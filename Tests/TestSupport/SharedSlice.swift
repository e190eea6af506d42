import Foundation
import LoopbackAPI
import RickAndMortyAPI

/// The first characters of the verified dataset with every location and episode, and their real avatars:
/// realistic data (PNG avatars named `.jpeg`, one-sided links, references to characters left out) that a
/// debug build renders in about a second, for tests that build many times.
package struct SharedSlice: Sendable {
    package let snapshot: Snapshot
    package let avatars: [Int: LoopbackAvatar]

    package init(characters count: Int) throws {
        let folder = SharedFixtures.apiFolder
        func load<Value: Decodable>(_: Value.Type, _ name: String) throws -> Value {
            try JSONDecoder().decode(Value.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
        }
        let characters = try load([CharacterRecord].self, "characters.json").filter { $0.id <= count }
        snapshot = Snapshot(
            characters: characters,
            locations: try load([LocationRecord].self, "locations.json"),
            episodes: try load([EpisodeRecord].self, "episodes.json"))
        var avatars: [Int: LoopbackAvatar] = [:]
        for character in characters {
            let file = folder.appendingPathComponent("avatars/\(character.id).jpeg")
            avatars[character.id] = LoopbackAvatar(bytes: Array(try Data(contentsOf: file)))
        }
        self.avatars = avatars
    }

    /// A loopback API serving this slice.
    package func server(options: LoopbackAPIOptions = .init()) -> LoopbackAPIServer {
        LoopbackAPIServer(snapshot: snapshot, avatars: avatars, options: options)
    }
}
