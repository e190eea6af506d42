import Foundation

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

    /// `{"info": …, "results": […]}` for page `number`, or nil past the last page.
    mutating func page(_ number: Int, pageSize: Int, rewrite: URLRewriter) -> ServedBody? {
        if let cached = pages[number] { return cached }
        let pageCount = pageCount(pageSize: pageSize)
        guard number >= 1, number <= pageCount else { return nil }
        let ids = sortedIDs[((number - 1) * pageSize)..<min(number * pageSize, sortedIDs.count)]
        let collection = rewrite.target + "/" + Record.kind.rawValue
        let info = PageInfoJSON(
            count: records.count, pages: pageCount,
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
