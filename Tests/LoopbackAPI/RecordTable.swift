import Foundation
import Primitives
import RickAndMortyAPI

/// One resource's records as the loopback API serves them, with the encoded JSON of each record and page kept
/// until a change makes it stale.
struct RecordTable<Record: LoopbackRecord> {
    /// As given: absolute URLs still name the source base.
    private(set) var records: [Int: Record]
    private(set) var lastModified: Date
    private var sortedIDs: [Int]
    private var encodedRecords: [Int: [UInt8]] = [:]
    private var pages: [Int: ServedBody] = [:]

    init(_ records: [Record], lastModified: Date) {
        self.records = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        self.lastModified = lastModified
        sortedIDs = self.records.keys.sorted()
    }

    var count: Int { records.count }

    func pageCount(pageSize: Int) -> Int { (records.count + pageSize - 1) / pageSize }

    func served(_ id: Int, rewrite: URLRewriter) -> Record? {
        records[id]?.rewritingURLs { rewrite($0) }
    }

    func servedRecords(rewrite: URLRewriter) -> [Record] {
        sortedIDs.compactMap { served($0, rewrite: rewrite) }
    }

    mutating func encoded(_ id: Int, rewrite: URLRewriter) -> [UInt8]? {
        if let bytes = encodedRecords[id] { return bytes }
        guard let record = served(id, rewrite: rewrite) else { return nil }
        let bytes = JSONBytes.encode(record)
        encodedRecords[id] = bytes
        return bytes
    }

    /// `{"info": …, "results": […]}` for page `number`, or nil past the last page; page 1 of nothing is empty,
    /// not missing, as the client expects of a collection that vanished. `info.count` leaves out
    /// `countShortfall` records (none but in a test of a broken API).
    mutating func page(_ number: Int, pageSize: Int, countShortfall: Int, rewrite: URLRewriter) -> ServedBody? {
        if let cached = pages[number] { return cached }
        let pageCount = pageCount(pageSize: pageSize)
        guard number >= 1, number <= max(pageCount, 1) else { return nil }
        let ids = sortedIDs[((number - 1) * pageSize)..<min(number * pageSize, sortedIDs.count)]
        let collection = rewrite.target + "/" + Record.kind.rawValue
        let reported = max(0, records.count - countShortfall)
        let info = PageInfoJSON(
            count: reported, pages: (reported + pageSize - 1) / pageSize,
            next: number < pageCount ? "\(collection)?page=\(number + 1)" : nil,
            prev: number > 1 ? "\(collection)?page=\(number - 1)" : nil)
        var bytes = Array(#"{"info":"#.utf8) + JSONBytes.encode(info) + Array(#","results":["#.utf8)
        for (index, id) in ids.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += encoded(id, rewrite: rewrite) ?? []
        }
        bytes += Array("]}".utf8)
        let body = ServedBody(bytes: bytes, contentType: JSONBytes.contentType, lastModified: lastModified)
        pages[number] = body
        return body
    }

    /// A JSON array of the records among `ids` that exist, in the order asked (as `/character/1,2,3` answers).
    mutating func array(_ ids: [Int], rewrite: URLRewriter) -> ServedBody {
        let parts = ids.compactMap { encoded($0, rewrite: rewrite) }
        let bytes = Array("[".utf8) + Array(parts.joined(separator: Array(",".utf8))) + Array("]".utf8)
        return ServedBody(bytes: bytes, contentType: JSONBytes.contentType, lastModified: lastModified)
    }

    mutating func single(_ id: Int, rewrite: URLRewriter) -> ServedBody? {
        encoded(id, rewrite: rewrite).map {
            ServedBody(bytes: $0, contentType: JSONBytes.contentType, lastModified: lastModified)
        }
    }

    mutating func upsert(_ record: Record, at date: Date) {
        records[record.id] = record
        sortedIDs = records.keys.sorted()
        changed(at: date)
    }

    mutating func remove(_ id: Int, at date: Date) {
        guard records.removeValue(forKey: id) != nil else { return }
        sortedIDs = records.keys.sorted()
        changed(at: date)
    }

    /// Drops every encoded body (after a change, or when the base URL becomes known).
    mutating func invalidate() {
        encodedRecords = [:]
        pages = [:]
    }

    /// `Last-Modified` has one-second resolution, so a change always moves it forward by at least a second:
    /// a client's `If-Modified-Since` from before the change must not match.
    private mutating func changed(at date: Date) {
        lastModified = max(date, lastModified.addingTimeInterval(1)).rounded()
        invalidate()
    }
}

/// What the loopback API needs of each record type: its resource, its not-found message as the real API words
/// it, and a copy with every absolute URL passed through a rewrite.
protocol LoopbackRecord: Codable, Sendable, Equatable, Identifiable where ID == Int {
    static var kind: ResourceKind { get }
    static var notFoundMessage: String { get }
    func rewritingURLs(_ rewrite: (String) -> String) -> Self
}

extension CharacterRecord: LoopbackRecord {
    static var kind: ResourceKind { .character }
    static var notFoundMessage: String { "Character not found" }

    func rewritingURLs(_ rewrite: (String) -> String) -> CharacterRecord {
        var copy = self
        copy.origin.url = rewrite(origin.url)
        copy.location.url = rewrite(location.url)
        copy.image = rewrite(image)
        copy.episode = episode.map(rewrite)
        copy.url = rewrite(url)
        return copy
    }
}

extension LocationRecord: LoopbackRecord {
    static var kind: ResourceKind { .location }
    static var notFoundMessage: String { "Location not found" }

    func rewritingURLs(_ rewrite: (String) -> String) -> LocationRecord {
        var copy = self
        copy.residents = residents.map(rewrite)
        copy.url = rewrite(url)
        return copy
    }
}

extension EpisodeRecord: LoopbackRecord {
    static var kind: ResourceKind { .episode }
    static var notFoundMessage: String { "Episode not found" }

    func rewritingURLs(_ rewrite: (String) -> String) -> EpisodeRecord {
        var copy = self
        copy.characters = characters.map(rewrite)
        copy.url = rewrite(url)
        return copy
    }
}

/// A body the loopback API can answer with, and the validators that go with it.
struct ServedBody: Sendable {
    var bytes: [UInt8]
    var contentType: String
    var etag: String
    var lastModified: Date

    init(bytes: [UInt8], contentType: String, lastModified: Date) {
        self.bytes = bytes
        self.contentType = contentType
        etag = ETag.of(bytes)
        self.lastModified = lastModified
    }
}

/// `info` as the real API writes it: `next` and `prev` are `null` rather than missing.
struct PageInfoJSON: Encodable {
    var count: Int
    var pages: Int
    var next: String?
    var prev: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(pages, forKey: .pages)
        try container.encode(next, forKey: .next)
        try container.encode(prev, forKey: .prev)
    }

    enum CodingKeys: String, CodingKey { case count, pages, next, prev }
}

/// JSON as the real API writes it: compact, slashes unescaped.
enum JSONBytes {
    static let contentType = "application/json; charset=utf-8"

    static func encode<Value: Encodable>(_ value: Value) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Records, page info and string maps always encode; an empty body would only show a bug here.
        return (try? encoder.encode(value)).map(Array.init) ?? []
    }

    static func error(_ message: String) -> [UInt8] {
        encode(["error": message])
    }
}

/// Points the data's absolute URLs at the server that serves them.
struct URLRewriter: Sendable {
    var source: String
    var target: String

    func callAsFunction(_ url: String) -> String {
        guard !source.isEmpty, url.hasPrefix(source) else { return url }
        return target + url.dropFirst(source.count)
    }
}

/// Strong ETags from content. Not a security measure, only change detection.
enum ETag {
    static func of(_ bytes: some Sequence<UInt8>) -> String {
        "\"" + FNV1a(bytes).hex + "\""
    }
}

extension Date {
    /// Whole seconds, as HTTP dates carry them.
    func rounded() -> Date {
        Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
    }
}
