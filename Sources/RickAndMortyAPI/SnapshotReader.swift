import Foundation
import Primitives

/// Reads `snapshot.json` straight into records, several times faster than `JSONDecoder`, which every build
/// would otherwise spend most of its data step in. It only takes the plain shape the cache writes; anything
/// else (a damaged file, a missing or doubled key, a number that is not a plain integer, a lone surrogate)
/// makes it give up, and the caller decodes with `JSONDecoder`, whose errors name the file and the field.
/// So it never decides what a valid or invalid snapshot is: it only spares the common case the slow path.
struct SnapshotReader {
    private var scanner: JSONScanner

    /// Nil when the bytes are anything but a snapshot in the plain shape; then `JSONDecoder` decides.
    static func read(_ data: Data) -> Snapshot? {
        data.withUnsafeBytes { raw in
            var reader = SnapshotReader(bytes: raw.bindMemory(to: UInt8.self))
            return reader.snapshot()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        scanner = JSONScanner(bytes: bytes)
    }

    private mutating func snapshot() -> Snapshot? {
        var characters: [CharacterRecord]?
        var locations: [LocationRecord]?
        var episodes: [EpisodeRecord]?
        guard object({ reader, key in
            switch key {
            case "characters": return Self.once(&characters, reader.array { $0.character() })
            case "locations": return Self.once(&locations, reader.array { $0.location() })
            case "episodes": return Self.once(&episodes, reader.array { $0.episode() })
            default: return reader.skipValue()
            }
        }) else { return nil }
        scanner.skipWhitespace()
        guard scanner.isAtEnd, let characters, let locations, let episodes else { return nil }
        return Snapshot(characters: characters, locations: locations, episodes: episodes)
    }

    private mutating func character() -> CharacterRecord? {
        var id: Int?, name: String?, status: String?, species: String?, type: String?, gender: String?
        var origin: NamedReference?, location: NamedReference?, image: String?, episode: [String]?
        var url: String?, created: String?
        guard object({ reader, key in
            switch key {
            case "id": return Self.once(&id, reader.integer())
            case "name": return Self.once(&name, reader.string())
            case "status": return Self.once(&status, reader.string())
            case "species": return Self.once(&species, reader.string())
            case "type": return Self.once(&type, reader.string())
            case "gender": return Self.once(&gender, reader.string())
            case "origin": return Self.once(&origin, reader.reference())
            case "location": return Self.once(&location, reader.reference())
            case "image": return Self.once(&image, reader.string())
            case "episode": return Self.once(&episode, reader.array { $0.string() })
            case "url": return Self.once(&url, reader.string())
            case "created": return Self.once(&created, reader.string())
            default: return reader.skipValue()
            }
        }), let id, let name, let status, let species, let type, let gender, let origin, let location, let image,
            let episode, let url, let created
        else { return nil }
        return CharacterRecord(id: id, name: name, status: status, species: species, type: type, gender: gender,
                               origin: origin, location: location, image: image, episode: episode, url: url,
                               created: created)
    }

    private mutating func location() -> LocationRecord? {
        var id: Int?, name: String?, type: String?, dimension: String?, residents: [String]?, url: String?
        var created: String?
        guard object({ reader, key in
            switch key {
            case "id": return Self.once(&id, reader.integer())
            case "name": return Self.once(&name, reader.string())
            case "type": return Self.once(&type, reader.string())
            case "dimension": return Self.once(&dimension, reader.string())
            case "residents": return Self.once(&residents, reader.array { $0.string() })
            case "url": return Self.once(&url, reader.string())
            case "created": return Self.once(&created, reader.string())
            default: return reader.skipValue()
            }
        }), let id, let name, let type, let dimension, let residents, let url, let created
        else { return nil }
        return LocationRecord(id: id, name: name, type: type, dimension: dimension, residents: residents, url: url,
                              created: created)
    }

    private mutating func episode() -> EpisodeRecord? {
        var id: Int?, name: String?, airDate: String?, code: String?, characters: [String]?, url: String?
        var created: String?
        guard object({ reader, key in
            switch key {
            case "id": return Self.once(&id, reader.integer())
            case "name": return Self.once(&name, reader.string())
            case "air_date": return Self.once(&airDate, reader.string())
            case "episode": return Self.once(&code, reader.string())
            case "characters": return Self.once(&characters, reader.array { $0.string() })
            case "url": return Self.once(&url, reader.string())
            case "created": return Self.once(&created, reader.string())
            default: return reader.skipValue()
            }
        }), let id, let name, let airDate, let code, let characters, let url, let created
        else { return nil }
        return EpisodeRecord(id: id, name: name, airDate: airDate, episode: code, characters: characters, url: url,
                             created: created)
    }

    private mutating func reference() -> NamedReference? {
        var name: String?, url: String?
        guard object({ reader, key in
            switch key {
            case "name": return Self.once(&name, reader.string())
            case "url": return Self.once(&url, reader.string())
            default: return reader.skipValue()
            }
        }), let name, let url
        else { return nil }
        return NamedReference(name: name, url: url)
    }

    /// Stores a field's value; false when it failed to read or the key came twice (which `JSONDecoder` settles).
    private static func once<T>(_ slot: inout T?, _ value: T?) -> Bool {
        guard slot == nil, let value else { return false }
        slot = value
        return true
    }

    // MARK: JSON

    private mutating func take(_ byte: UInt8) -> Bool {
        scanner.take(byte)
    }

    /// `{ "key": value, … }`, each value read by `member`, which returns false to give up.
    private mutating func object(_ member: (inout SnapshotReader, String) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = string(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    private mutating func array<T>(_ element: (inout SnapshotReader) -> T?) -> [T]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var result: [T] = []
        if take(UInt8(ascii: "]")) { return result }
        repeat {
            guard let value = element(&self) else { return nil }
            result.append(value)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? result : nil
    }

    /// A plain integer that fits `Int`: a fraction or exponent gives nil, and so does a leading zero (the digit
    /// after it is no `,`, `]` or `}`).
    private mutating func integer() -> Int? {
        scanner.skipWhitespace()
        guard let number = try? scanner.readNumber() else { return nil }
        return scanner.integer(number)
    }

    /// A string; nil for invalid UTF-8, control characters, bad escapes and any surrogate escape, even a
    /// well-formed pair (`JSONDecoder` decides those).
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        return try? scanner.readString(combiningSurrogatePairs: false)
    }

    /// A value of a key the records do not have (which `JSONDecoder` ignores too), checked as strictly as the rest.
    private mutating func skipValue(depth: Int = 0) -> Bool {
        guard depth < 64 else { return false }
        scanner.skipWhitespace()
        switch scanner.next {
        case UInt8(ascii: "{"): return object { reader, _ in reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): return array { reader in reader.skipValue(depth: depth + 1) ? true : nil } != nil
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "t"): return scanner.takeLiteral("true")
        case UInt8(ascii: "f"): return scanner.takeLiteral("false")
        case UInt8(ascii: "n"): return scanner.takeLiteral("null")
        case nil: return false
        default: return integer() != nil
        }
    }
}
