import Foundation
import RickAndMortyAPI
import WikiModel

/// Records the API lacks, and corrections to those it serves: `data/characters.json`, `data/locations.json` and
/// `data/episodes.json` in the content folder, each an array of records in the API's own shape.
///
/// A record whose id the API does not serve is added, and must give every field a page needs; one whose id it
/// serves replaces only the fields it gives. The merged records then make one graph, so a local episode is in its
/// season, on its characters' pages and in the statistics like any other. Every mistake (bad JSON, an unknown
/// field, a wrong type, a reference to nothing, an id or episode code given twice) fails the build naming file, line
/// and column, before anything is published; every mistake of every file is listed, a record with one left out. The cache keeps what the API served; only the build merges.
struct LocalRecords: Sendable {
    /// One local file as read.
    struct File: Sendable, Equatable {
        let kind: ResourceKind
        /// How errors and warnings name the file.
        let path: String
        let bytes: [UInt8]
    }

    private let parsed: [ParsedFile]
    /// The mistakes in the files' shape; the records without one are kept, to check the rest against.
    let errors: [ContentError]

    static let folderName = "data"

    /// `characters.json`, `locations.json`, `episodes.json`.
    static func fileName(_ kind: ResourceKind) -> String { "\(kind.rawValue)s.json" }

    static let none = LocalRecords(parsed: [], errors: [])

    private init(parsed: [ParsedFile], errors: [ContentError]) {
        self.parsed = parsed
        self.errors = errors
    }

    /// Reads and checks the files' shape (syntax, fields, types, repeated ids, a `created` after `now`); references
    /// are checked by `merge`, which knows the API's records. The files come from the content folder (see
    /// `ContentFolder`).
    static func load(_ files: [File], now: Date = Date()) -> LocalRecords {
        guard !files.isEmpty else { return .none }
        var seen = Set<ResourceKind>()
        var errors: [ContentError] = []
        // Today somewhere on Earth (UTC+14 is the furthest ahead), so a maintainer's own today is never refused.
        let latest = CalendarDate(secondsSince1970: Int64(now.timeIntervalSince1970) + 14 * 3_600)
        var parsed: [ParsedFile] = []
        for file in files {
            guard seen.insert(file.kind).inserted else {
                errors.append(ContentError(file: file.path, line: 1, column: 1, message: "a second file of \(file.kind.rawValue) records"))
                continue
            }
            let read = ParsedFile(file, latestDay: latest)
            errors += read.errors
            parsed.append(read)
        }
        return LocalRecords(parsed: parsed, errors: errors)
    }

    /// The additions (records giving every field a new id needs) whose `created` a local file gives: the day they
    /// entered the wiki, not the API, and labelled so, even once the API serves their id too. A correction's
    /// `created` corrects the day the API added the record.
    var datedLocally: [ResourceKind: Set<Int>] {
        parsed.reduce(into: [:]) { dated, file in
            let required = LocalFieldType.fields(of: file.kind).required
            for record in file.records {
                let given = Set(record.fields.map(\.name))
                if given.contains("created"), required.allSatisfy(given.contains) {
                    dated[file.kind, default: []].insert(record.id)
                }
            }
        }
    }

    /// The API's records merged with the local ones that have no mistake.
    struct Merged: Sendable {
        var snapshot: Snapshot
        /// One per file whose additions the API now serves itself (the local record still wins, until the
        /// maintainer retires it).
        var warnings: [String]
        /// The records merging refuses (an addition missing a field, a reference to nothing, a code given twice).
        var errors: [ContentError]
        /// The pictures local characters give, by id: the file to copy, or nil for none (`"image": ""`).
        var pictures: [Int: String?] = [:]
    }

    /// `images`: the content folder's pictures (the path under `images/` → the file), which local characters'
    /// pictures must be.
    func merge(into snapshot: Snapshot, images: [String: String] = [:]) -> Merged {
        guard !parsed.isEmpty else { return Merged(snapshot: snapshot, warnings: [], errors: []) }
        let root = Self.apiRoot(of: snapshot)
        var merged = snapshot
        var warnings: [String] = []
        var errors: [ContentError] = []
        for file in parsed {
            let served: [Int]
            switch file.kind {
            case .character: served = file.merge(into: &merged.characters, root: root, errors: &errors)
            case .location: served = file.merge(into: &merged.locations, root: root, errors: &errors)
            case .episode: served = file.merge(into: &merged.episodes, root: root, errors: &errors)
            }
            if !served.isEmpty {
                let kind = file.kind.rawValue + (served.count == 1 ? "" : "s")
                warnings.append("\(file.file.path): the API now serves \(kind) \(served.map(String.init).joined(separator: ", ")) "
                    + "too; " + (served.count == 1
                        ? "the local record is still used: remove it from the file once the API's record is right"
                        : "the local records are still used: remove them from the file once the API's records are right"))
            }
        }
        // A record refused for a mistake of its own is still known: naming it is not a second mistake.
        var known: [ResourceKind: Set<Int>] = [
            .character: Set(merged.characters.map(\.id)), .location: Set(merged.locations.map(\.id)),
            .episode: Set(merged.episodes.map(\.id)),
        ]
        for file in parsed { known[file.kind, default: []].formUnion(file.refused) }
        var codes: [String: [Int]] = [:]
        for episode in merged.episodes {
            if let code = EpisodeCode(episode.episode) { codes[code.text, default: []].append(episode.id) }
        }
        var pictures: [Int: String?] = [:]
        for file in parsed {
            file.checkReferences(known: known, errors: &errors)
            if file.kind == .episode { file.checkCodes(codes, errors: &errors) }
            if file.kind == .character { file.pictures(images, into: &pictures, errors: &errors) }
        }
        return Merged(snapshot: merged, warnings: warnings, errors: errors, pictures: pictures)
    }

    /// The scheme, host and path the API's record URLs start with (`https://rickandmortyapi.com/api`), so local
    /// records link the same way; the public API's when there is no record to learn it from.
    static func apiRoot(of snapshot: Snapshot) -> String {
        func root(_ url: String, _ kind: ResourceKind, _ id: Int) -> String? {
            let tail = "/\(kind.rawValue)/\(id)"
            return url.hasSuffix(tail) ? String(url.dropLast(tail.count)) : nil
        }
        return snapshot.episodes.lazy.compactMap { root($0.url, .episode, $0.id) }.first
            ?? snapshot.characters.lazy.compactMap { root($0.url, .character, $0.id) }.first
            ?? snapshot.locations.lazy.compactMap { root($0.url, .location, $0.id) }.first
            ?? APIClient.defaultBaseURL.absoluteString
    }
}

extension ResourceKind {
    /// "a character", "an episode".
    var withArticle: String { self == .episode ? "an episode" : "a \(rawValue)" }
}

/// A value of a local field, checked against its kind.
enum LocalValue: Sendable {
    struct Reference: Sendable {
        let kind: ResourceKind
        let id: Int
        let offset: Int
    }

    case text(String)
    /// An origin or location: its name, and the location it links to (none for `"url": ""`).
    case place(name: String, location: Reference?)
    case references([Reference])
}

/// What a field of the API's shape holds.
enum LocalFieldType: Sendable {
    case text
    /// `air_date`: "September 4, 2022".
    case airDate
    /// `episode`: "S06E01".
    case episodeCode
    /// `created`: an ISO 8601 date.
    case created
    /// `origin`, `location`: `{"name": …, "url": …}`.
    case place
    /// URLs of records of a kind.
    case references(ResourceKind)
    /// The record's own URL: checked to name the record, then made the API's.
    case ownURL
    /// `image`: a picture of the content folder, `images/<file>`, or "" for none.
    case picture

    /// The fields of each kind, in the API's order, and those a record the API does not serve must give.
    static func fields(of kind: ResourceKind) -> (all: [(String, LocalFieldType)], required: [String]) {
        switch kind {
        case .character:
            ([("name", .text), ("status", .text), ("species", .text), ("type", .text), ("gender", .text),
              ("origin", .place), ("location", .place),
              ("image", .picture),
              ("episode", .references(.episode)), ("url", .ownURL), ("created", .created)],
             ["name", "status", "species", "gender"])
        case .location:
            ([("name", .text), ("type", .text), ("dimension", .text), ("residents", .references(.character)),
              ("url", .ownURL), ("created", .created)],
             ["name", "type", "dimension"])
        case .episode:
            ([("name", .text), ("air_date", .airDate), ("episode", .episodeCode), ("characters", .references(.character)),
              ("url", .ownURL), ("created", .created)],
             ["name", "air_date", "episode"])
        }
    }
}

/// One record of a local file: its id and the fields it gives, in file order.
struct LocalRecord: Sendable {
    struct Field: Sendable {
        let name: String
        let value: LocalValue
        /// Where its value starts in the file.
        let offset: Int
    }

    let id: Int
    let offset: Int
    let fields: [Field]
}

/// A local file read and checked, record by record.
struct ParsedFile: Sendable {
    let file: LocalRecords.File
    /// The records without a mistake.
    let records: [LocalRecord]
    /// The ids of records left out for a mistake.
    let refused: Set<Int>
    let errors: [ContentError]

    var kind: ResourceKind { file.kind }

    /// `latestDay`: the last day a record's `created` may name (see `LocalRecords.load`). A mistake in the file's
    /// syntax leaves it without records; one in a record leaves that record out, and the rest are still read.
    init(_ file: LocalRecords.File, latestDay: CalendarDate) {
        self.file = file
        (records, refused, errors) = Self.read(file, latestDay: latestDay)
    }

    private static func read(
        _ file: LocalRecords.File, latestDay: CalendarDate
    ) -> (records: [LocalRecord], refused: Set<Int>, errors: [ContentError]) {
        // Before parsing, which could only point at the end of the string holding the bad byte.
        if let invalid = InvalidUTF8(file.bytes) { return ([], [], [error(in: file, at: invalid.offset, invalid.message)]) }
        let document: LocalJSON.Node
        do {
            document = try LocalJSON.parse(file.bytes)
        } catch {
            return ([], [], [Self.error(in: file, at: error.offset, "not valid JSON: \(error.message)")])
        }
        let kind = file.kind.rawValue
        guard case .array(let items) = document.value else {
            return ([], [], [error(in: file, at: document.offset, "expected an array of \(kind) records: [{\"id\": …, …}, …]")])
        }
        var records: [LocalRecord] = []
        var refused = Set<Int>()
        var errors: [ContentError] = []
        var firstOffset: [Int: Int] = [:]
        for item in items {
            let record: LocalRecord
            do {
                record = try Self.record(item, in: file, latestDay: latestDay)
            } catch {
                errors.append(error)
                if let id = Self.id(of: item) { refused.insert(id) }
                continue
            }
            if let first = firstOffset[record.id] {
                errors.append(Self.error(in: file, at: record.offset, "\(kind) \(record.id) is given twice (first at line "
                    + "\(LocalJSON.position(of: first, in: file.bytes).line))"))
                continue
            }
            firstOffset[record.id] = record.offset
            records.append(record)
        }
        return (records, refused, errors)
    }

    /// A record's id, when it has one fit to name it by.
    private static func id(of node: LocalJSON.Node) -> Int? {
        guard case .object(let members) = node.value, let member = members.first(where: { $0.key == "id" }),
              case .number(let id?) = member.node.value, id > 0 else { return nil }
        return id
    }

    static func error(in file: LocalRecords.File, at offset: Int, _ message: String) -> ContentError {
        let (line, column) = LocalJSON.position(of: offset, in: file.bytes)
        return ContentError(file: file.path, line: line, column: column, message: message)
    }

    private func error(at offset: Int, _ message: String) -> ContentError {
        Self.error(in: file, at: offset, message)
    }

    private static func record(
        _ node: LocalJSON.Node, in file: LocalRecords.File, latestDay: CalendarDate
    ) throws(ContentError) -> LocalRecord {
        let kind = file.kind
        guard case .object(let members) = node.value else {
            throw error(in: file, at: node.offset, "expected \(kind.withArticle) record, an object such as {\"id\": 1, …}")
        }
        var names = Set<String>()
        for member in members where !names.insert(member.key).inserted {
            throw error(in: file, at: member.keyOffset, "'\(member.key)' is given twice in one record")
        }
        guard let idMember = members.first(where: { $0.key == "id" }) else {
            throw error(in: file, at: node.offset, "this \(kind.rawValue) record has no 'id'")
        }
        guard case .number(let number?) = idMember.node.value, number > 0 else {
            throw error(in: file, at: idMember.node.offset, "'id' must be a whole number above 0")
        }
        let id = number
        let schema = LocalFieldType.fields(of: kind).all
        var fields: [LocalRecord.Field] = []
        for member in members where member.key != "id" {
            guard let type = schema.first(where: { $0.0 == member.key })?.1 else {
                throw error(in: file, at: member.keyOffset, "unknown field '\(member.key)' in \(kind.rawValue) \(id): "
                    + "\(kind.withArticle) has " + (["id"] + schema.map(\.0)).joined(separator: ", "))
            }
            let value = try Self.value(member.node, of: type, field: "'\(member.key)' of \(kind.rawValue) \(id)", id: id, in: file,
                                       latestDay: latestDay)
            if let value { fields.append(LocalRecord.Field(name: member.key, value: value, offset: member.node.offset)) }
        }
        return LocalRecord(id: id, offset: node.offset, fields: fields)
    }

    /// The field's value checked against its type; nil for the record's own URL, which only has to name it.
    private static func value(
        _ node: LocalJSON.Node, of type: LocalFieldType, field: String, id: Int, in file: LocalRecords.File, latestDay: CalendarDate
    ) throws(ContentError) -> LocalValue? {
        func text(_ node: LocalJSON.Node, _ what: String) throws(ContentError) -> String {
            guard case .string(let text) = node.value else { throw error(in: file, at: node.offset, "\(what) must be a string") }
            return text
        }
        func reference(_ node: LocalJSON.Node, _ kind: ResourceKind, _ what: String) throws(ContentError) -> LocalValue.Reference {
            let url = try text(node, what)
            guard let id = RecordReference.id(in: url, kind: kind) else {
                throw error(in: file, at: node.offset, "\(what): '\(url)' is not \(kind.withArticle) URL such as "
                    + "https://rickandmortyapi.com/api/\(kind.rawValue)/1")
            }
            return LocalValue.Reference(kind: kind, id: id, offset: node.offset)
        }
        switch type {
        case .text:
            return .text(try text(node, field))
        case .airDate:
            let date = try text(node, field)
            guard CalendarDate(airDate: date) != nil else {
                throw error(in: file, at: node.offset, "\(field) must be a date such as September 4, 2022, not '\(date)'")
            }
            return .text(date)
        case .episodeCode:
            let code = try text(node, field)
            // Written as the API writes its codes, so `s6e3` sorts, groups and links as S06E03.
            guard let parsed = EpisodeCode(code) else {
                throw error(in: file, at: node.offset, "\(field) must be a code such as S06E01, not '\(code)'")
            }
            return .text(parsed.text)
        case .created:
            let date = try text(node, field)
            guard let day = CalendarDate(iso8601: date) else {
                throw error(in: file, at: node.offset, "\(field) must be a date such as 2022-09-04T00:00:00.000Z, not '\(date)'")
            }
            // The newest day of the records dates the whole site (its feed, the character of the day): a day to come
            // would hold it there for years.
            guard day <= latestDay else {
                throw error(in: file, at: node.offset, "\(field) is \(day.isoDay), a day still to come (today is at most "
                    + "\(latestDay.isoDay)): give the day the record was added")
            }
            return .text(date)
        case .place:
            guard case .object(let members) = node.value else {
                throw error(in: file, at: node.offset, "\(field) must be an object such as {\"name\": \"unknown\", \"url\": \"\"}")
            }
            for member in members where member.key != "name" && member.key != "url" {
                throw error(in: file, at: member.keyOffset, "unknown field '\(member.key)' in \(field): it has name and url")
            }
            guard let name = members.first(where: { $0.key == "name" }), let url = members.first(where: { $0.key == "url" }) else {
                throw error(in: file, at: node.offset, "\(field) must give both 'name' and 'url' (\"\" for none)")
            }
            let location: LocalValue.Reference? = if case .string("") = url.node.value { nil }
                else { try reference(url.node, .location, "'url' in \(field)") }
            return .place(name: try text(name.node, "'name' in \(field)"), location: location)
        case .references(let kind):
            guard case .array(let items) = node.value else {
                throw error(in: file, at: node.offset, "\(field) must be an array of \(kind.rawValue) URLs")
            }
            var references: [LocalValue.Reference] = []
            for item in items { references.append(try reference(item, kind, field)) }
            return .references(references)
        case .ownURL:
            let own = try reference(node, file.kind, field)
            guard own.id == id else {
                throw error(in: file, at: node.offset, "\(field) names \(file.kind.rawValue) \(own.id): leave it out, or end it with "
                    + "/\(file.kind.rawValue)/\(id)")
            }
            return nil
        case .picture:
            let path = try text(node, field)
            guard path.isEmpty || path.hasPrefix("images/") && path.count > "images/".count else {
                throw error(in: file, at: node.offset, "\(field) must be a picture of the content folder, written "
                    + "images/NAME.png, or \"\" for none, not '\(path)'")
            }
            return .text(path)
        }
    }

    /// Merges this file's records into `existing` (the API's, in id order), and returns the ids the API serves of
    /// the records that give every field of an addition: those the maintainer added before the API had them.
    func merge<Record: LocalMergeable>(into existing: inout [Record], root: String, errors: inout [ContentError]) -> [Int] {
        let required = LocalFieldType.fields(of: kind).required
        let index = Dictionary(existing.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var served: [Int] = []
        for record in records {
            let given = Set(record.fields.map(\.name))
            let missing = required.filter { !given.contains($0) }
            if let position = index[record.id] {
                for field in record.fields { existing[position].set(field.name, to: field.value, root: root) }
                if missing.isEmpty { served.append(record.id) }
            } else {
                guard missing.isEmpty else {
                    let names = missing.map { "'\($0)'" }
                    errors.append(error(at: record.offset, "\(kind.rawValue) \(record.id) is not in the API's data, so it must give "
                        + (names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1])))
                    continue
                }
                var added = Record(blank: record.id, root: root)
                for field in record.fields { added.set(field.name, to: field.value, root: root) }
                existing.append(added)
            }
        }
        // Only additions leave the id order (a sort moves every record: a correction alone needs none).
        if existing.count > index.count || !zip(existing, existing.dropFirst()).allSatisfy({ $0.id < $1.id }) {
            existing.sort { $0.id < $1.id }
        }
        return served.sorted()
    }

    /// Every reference a local record makes names a record the merged data has.
    func checkReferences(known: [ResourceKind: Set<Int>], errors: inout [ContentError]) {
        for record in records {
            for field in record.fields {
                let references: [LocalValue.Reference] = switch field.value {
                case .text: []
                case .place(_, let location): location.map { [$0] } ?? []
                case .references(let references): references
                }
                for reference in references where known[reference.kind]?.contains(reference.id) != true {
                    errors.append(error(at: reference.offset, "'\(field.name)' of \(kind.rawValue) \(record.id) names "
                        + "\(reference.kind.rawValue) \(reference.id), which neither the API nor the local records have"))
                }
            }
        }
    }

    /// Each `image` a character gives, found among the content folder's pictures (`images`, by the path under
    /// `images/`); "" is none.
    func pictures(_ images: [String: String], into pictures: inout [Int: String?], errors: inout [ContentError]) {
        for record in records {
            guard let field = record.fields.first(where: { $0.name == "image" }), let path = field.value.text else { continue }
            if path.isEmpty {
                pictures[record.id] = .some(nil)
            } else if let source = images[String(path.dropFirst("images/".count))] {
                pictures[record.id] = source
            } else {
                errors.append(error(at: field.offset, "'image' of character \(record.id): the picture \(path) is not in "
                    + "the content folder's images/"))
            }
        }
    }

    /// No two episodes share a code (`codes`: the merged episodes' ids by code): the season and its order would
    /// not say which comes first, nor `[[S06E02]]` which is meant.
    func checkCodes(_ codes: [String: [Int]], errors: inout [ContentError]) {
        for record in records {
            guard let field = record.fields.first(where: { $0.name == "episode" }), let code = field.value.text,
                  let others = codes[code]?.filter({ $0 != record.id }), !others.isEmpty else { continue }
            errors.append(error(at: field.offset, "'episode' of episode \(record.id) is \(code), the code of episode "
                + others.map(String.init).joined(separator: ", ") + " too: each episode has a code of its own"))
        }
    }
}

/// A record kind local records can add to and correct.
protocol LocalMergeable: Identifiable where ID == Int {
    /// A record with only its id and URL, the fields an addition must give still empty.
    init(blank id: Int, root: String)
    /// Replaces a field with a checked local value.
    mutating func set(_ field: String, to value: LocalValue, root: String)
}

extension LocalValue {
    var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    func urls(root: String) -> [String]? {
        guard case .references(let references) = self else { return nil }
        return references.map { "\(root)/\($0.kind.rawValue)/\($0.id)" }
    }

    func place(root: String) -> NamedReference? {
        guard case .place(let name, let location) = self else { return nil }
        return NamedReference(name: name, url: location.map { "\(root)/location/\($0.id)" } ?? "")
    }
}

extension CharacterRecord: LocalMergeable {
    init(blank id: Int, root: String) {
        let unknown = NamedReference(name: "unknown", url: "")
        self.init(id: id, name: "", status: "", species: "", type: "", gender: "", origin: unknown, location: unknown,
                  image: "", episode: [], url: "\(root)/character/\(id)", created: "")
    }

    mutating func set(_ field: String, to value: LocalValue, root: String) {
        switch field {
        case "name": name = value.text ?? name
        case "status": status = value.text ?? status
        case "species": species = value.text ?? species
        case "type": type = value.text ?? type
        case "gender": gender = value.text ?? gender
        case "origin": origin = value.place(root: root) ?? origin
        case "location": location = value.place(root: root) ?? location
        case "episode": episode = value.urls(root: root) ?? episode
        case "created": created = value.text ?? created
        default: break
        }
    }
}

extension LocationRecord: LocalMergeable {
    init(blank id: Int, root: String) {
        self.init(id: id, name: "", type: "", dimension: "", residents: [], url: "\(root)/location/\(id)", created: "")
    }

    mutating func set(_ field: String, to value: LocalValue, root: String) {
        switch field {
        case "name": name = value.text ?? name
        case "type": type = value.text ?? type
        case "dimension": dimension = value.text ?? dimension
        case "residents": residents = value.urls(root: root) ?? residents
        case "created": created = value.text ?? created
        default: break
        }
    }
}

extension EpisodeRecord: LocalMergeable {
    init(blank id: Int, root: String) {
        self.init(id: id, name: "", airDate: "", episode: "", characters: [], url: "\(root)/episode/\(id)", created: "")
    }

    mutating func set(_ field: String, to value: LocalValue, root: String) {
        switch field {
        case "name": name = value.text ?? name
        case "air_date": airDate = value.text ?? airDate
        case "episode": episode = value.text ?? episode
        case "characters": characters = value.urls(root: root) ?? characters
        case "created": created = value.text ?? created
        default: break
        }
    }
}
