import Foundation
import RickAndMortyAPI
import TestSupport

/// The real dataset read straight from `../shared`, without a server.
enum SharedSnapshot {
    /// Nil (after saying why) when `../shared` is absent.
    static func load() throws -> Snapshot? {
        guard SharedFixtures.hasAPIData else {
            print("skipped: \(SharedFixtures.missingAPIDataMessage)")
            return nil
        }
        func read<Value: Decodable>(_ name: String) throws -> Value {
            try JSONDecoder().decode(Value.self, from: Data(contentsOf: SharedFixtures.apiFolder.appendingPathComponent(name)))
        }
        return Snapshot(characters: try read("characters.json"), locations: try read("locations.json"), episodes: try read("episodes.json"))
    }
}
