import Foundation
import LoopbackAPI
import RickAndMortyAPI

/// The API's data `factor` times over, as one consistent graph: copy `c` shifts every id by `c` times the
/// collection's size and points its links at its own copy's records, so no page of a copy links into another.
/// Names carry " #c" (copy 0 keeps the real names) and episode codes move on by five seasons a copy, so
/// nothing that is unique in the real data repeats. Every copy of a character shows the real avatar.
struct ScaledDataset {
    let snapshot: Snapshot
    let avatars: [Int: LoopbackAvatar]

    init(dataFolder: URL, factor: Int) throws {
        let decoder = JSONDecoder()
        func load<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
            try decoder.decode(type, from: Data(contentsOf: dataFolder.appendingPathComponent(name)))
        }
        let base = Snapshot(
            characters: try load("characters.json", as: [CharacterRecord].self),
            locations: try load("locations.json", as: [LocationRecord].self),
            episodes: try load("episodes.json", as: [EpisodeRecord].self))
        var originals: [Int: LoopbackAvatar] = [:]
        for character in base.characters {
            let file = dataFolder.appendingPathComponent("avatars/\(character.id).jpeg")
            if let bytes = try? Data(contentsOf: file) { originals[character.id] = LoopbackAvatar(bytes: Array(bytes)) }
        }
        let shift = Shift(characters: base.characters.map(\.id).max() ?? 0, locations: base.locations.map(\.id).max() ?? 0,
                          episodes: base.episodes.map(\.id).max() ?? 0)
        var characters: [CharacterRecord] = []
        var locations: [LocationRecord] = []
        var episodes: [EpisodeRecord] = []
        var avatars: [Int: LoopbackAvatar] = [:]
        for copy in 0..<max(1, factor) {
            for var record in base.characters {
                let original = record.id
                record.id += copy * shift.characters
                record.name = shift.name(record.name, copy: copy)
                record.origin = shift.reference(record.origin, copy: copy)
                record.location = shift.reference(record.location, copy: copy)
                record.image = shift.url(record.image, copy: copy)
                record.episode = record.episode.map { shift.url($0, copy: copy) }
                record.url = shift.url(record.url, copy: copy)
                characters.append(record)
                avatars[record.id] = originals[original]
            }
            for var record in base.locations {
                record.id += copy * shift.locations
                record.name = shift.name(record.name, copy: copy)
                record.residents = record.residents.map { shift.url($0, copy: copy) }
                record.url = shift.url(record.url, copy: copy)
                locations.append(record)
            }
            for var record in base.episodes {
                record.id += copy * shift.episodes
                record.name = shift.name(record.name, copy: copy)
                record.episode = shift.episodeCode(record.episode, copy: copy)
                record.characters = record.characters.map { shift.url($0, copy: copy) }
                record.url = shift.url(record.url, copy: copy)
                episodes.append(record)
            }
        }
        snapshot = Snapshot(characters: characters, locations: locations, episodes: episodes)
        self.avatars = avatars
    }

    /// An API look-alike on loopback serving it.
    var server: LoopbackAPIServer { LoopbackAPIServer(snapshot: snapshot, avatars: avatars) }

    private struct Shift {
        let characters: Int
        let locations: Int
        let episodes: Int

        func name(_ name: String, copy: Int) -> String {
            copy == 0 ? name : "\(name) #\(copy + 1)"
        }

        /// `unknown` origins (empty URL) stay unknown.
        func reference(_ reference: NamedReference, copy: Int) -> NamedReference {
            guard !reference.url.isEmpty else { return reference }
            var shifted = reference
            shifted.name = name(reference.name, copy: copy)
            shifted.url = url(reference.url, copy: copy)
            return shifted
        }

        /// ".../character/12" → ".../character/838" for copy 1; likewise locations, episodes and avatars.
        func url(_ url: String, copy: Int) -> String {
            guard copy > 0 else { return url }
            for (kind, size) in [("character/avatar/", characters), ("character/", characters), ("location/", locations),
                                 ("episode/", episodes)] {
                guard let range = url.range(of: "/api/" + kind) else { continue }
                let rest = url[range.upperBound...]
                let digits = rest.prefix(while: \.isNumber)
                guard let id = Int(digits) else { return url }
                return String(url[..<range.upperBound]) + String(id + copy * size) + rest.dropFirst(digits.count)
            }
            return url
        }

        /// "S01E01" → "S06E01" for copy 1: five more seasons a copy.
        func episodeCode(_ code: String, copy: Int) -> String {
            guard copy > 0, code.hasPrefix("S"), let end = code.firstIndex(of: "E"),
                  let season = Int(code[code.index(after: code.startIndex)..<end])
            else { return code }
            let shifted = season + copy * 5
            return "S" + (shifted < 10 ? "0" : "") + String(shifted) + code[end...]
        }
    }
}
