import Foundation
import RickAndMortyAPI

/// The verified full dataset from `../shared`, decoded straight from its three files.
package enum SharedSnapshot {
    package static func load() throws -> Snapshot {
        func read<T: Decodable>(_ name: String) throws -> T {
            try JSONDecoder().decode(T.self, from: Data(contentsOf: SharedFixtures.apiFolder.appendingPathComponent(name)))
        }
        return Snapshot(characters: try read("characters.json"), locations: try read("locations.json"), episodes: try read("episodes.json"))
    }

    /// The raw JSON arrays, for tests that compute figures independently of the project's types.
    package static func raw(_ name: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: SharedFixtures.apiFolder.appendingPathComponent(name))
        return (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
    }
}
