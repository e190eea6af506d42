import Foundation

/// Reads `snapshot.json` straight into records, several times faster than `JSONDecoder`, which every build
/// would otherwise spend most of its data step in. It only takes the plain shape the cache writes; anything
/// else (a damaged file, a missing or doubled key, a number that is not a plain integer, a lone surrogate)
/// makes it give up, and the caller decodes with `JSONDecoder`, whose errors name the file and the field.
/// So it never decides what a valid or invalid snapshot is: it only spares the common case the slow path.
struct SnapshotReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    /// Nil when the bytes are anything but a snapshot in the plain shape; then `JSONDecoder` decides.
    static func read(_ data: Data) -> Snapshot? {
        data.withUnsafeBytes { raw in
            var reader = SnapshotReader(bytes: raw.bindMemory(to: UInt8.self))
            return reader.snapshot()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
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
        skipWhitespace()
        guard position == bytes.count, let characters, let locations, let episodes else { return nil }
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

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// Reads `byte` (after whitespace) if it is next.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// `{ "key": value, … }`, each value read by `member`, which returns false to give up.
    private mutating func object(_ member: (inout SnapshotReader, String) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            skipWhitespace()
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

    /// A plain integer that fits `Int`: an optional minus and digits, no leading zero, fraction or exponent.
    private mutating func integer() -> Int? {
        skipWhitespace()
        let negative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        let start = position
        var value = 0
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            let digit = Int(bytes[position] - UInt8(ascii: "0"))
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAgain) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow, !overflowAgain else { return nil }
            value = next
            position += 1
        }
        let count = position - start
        guard count > 0, count == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        if position < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[position]) {
            return nil
        }
        return value
    }

    /// A string; nil for invalid UTF-8, control characters, bad escapes and surrogates (`JSONDecoder` decides those).
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = position
        var ascii = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                return ascii ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                position = start
                return escapedString()
            }
            if byte < 0x20 { return nil }
            if byte >= 0x80 { ascii = false }
            position += 1
        }
        return nil
    }

    /// The rest of a string that holds escapes, from its first character.
    private mutating func escapedString() -> String? {
        var text: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { return nil }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let code = hexQuad(), let scalar = Unicode.Scalar(code) else { return nil }
                    text.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            default:
                if byte < 0x20 { return nil }
                text.append(byte)
            }
        }
        return nil
    }

    /// Four hex digits after `\u`; surrogates (halves of a pair, or lone) give nil.
    private mutating func hexQuad() -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        var code: UInt32 = 0
        for byte in bytes[position..<(position + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            code = code << 4 | UInt32(digit)
        }
        position += 4
        return (0xD800...0xDFFF).contains(code) ? nil : code
    }

    /// A value of a key the records do not have (which `JSONDecoder` ignores too), checked as strictly as the rest.
    private mutating func skipValue(depth: Int = 0) -> Bool {
        guard depth < 64 else { return false }
        skipWhitespace()
        guard position < bytes.count else { return false }
        switch bytes[position] {
        case UInt8(ascii: "{"): return object { reader, _ in reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): return array { reader in reader.skipValue(depth: depth + 1) ? true : nil } != nil
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return integer() != nil
        }
    }

    private mutating func literal(_ word: String) -> Bool {
        let count = word.utf8.count
        guard position + count <= bytes.count, bytes[position..<(position + count)].elementsEqual(word.utf8) else { return false }
        position += count
        return true
    }
}
