import Foundation
import Primitives

/// What the last build of its own found of the avatars' copies, kept in the picture cache as `copies.tsv`: each shown
/// picture's cache entry, with the entry folder's stamp and the copies it holds, under the pictures' input digest
/// (`BuildState.InputDigests`) and the characters shown.
///
/// A build whose pictures have that digest shows the same bytes: the digest names every picture file by its stamp
/// (a fetch's new generation links the pictures it did not change, stamps and all), as the look-up that found the
/// entries read them. When its characters are those
/// too and every entry folder still has its stamp (a copy taken away or added changes it), the copies are the ones
/// recorded: one `stat` a picture, where looking up every picture file, its stamp and its entry again took most of
/// such a build's pictures phase. `serve` keeps the same in memory (`AvatarCopyMaker.Kept`).
///
/// A missing, damaged or older record, or one of another version of the copies, only costs the look-up it spares.
struct CopiesRecord: Sendable, Equatable {
    static let fileName = "copies.tsv"
    static let header = "rmwiki picture copies 1 " + AvatarCopyMaker.version

    struct Entry: Sendable, Equatable {
        var id: Int
        /// The entry folder's name in the picture cache.
        var name: String
        var stamp: PictureStamps.Stamp
        /// The copies' file names in it.
        var copies: [String]
    }

    var digest: String
    /// `charactersDigest` of the characters shown.
    var characters: String
    var asTheyAre: Int
    var withoutPicture: Int
    var entries: [Entry]

    static func charactersDigest(_ characters: Set<Int>) -> String {
        var digest = FNV1a()
        for id in characters.sorted() { digest.addWords(Array(String(id).utf8) + [0x2c]) }
        return digest.hex
    }

    init(digest: String, characters: String, asTheyAre: Int, withoutPicture: Int, entries: [Entry]) {
        (self.digest, self.characters, self.asTheyAre, self.withoutPicture, self.entries) =
            (digest, characters, asTheyAre, withoutPicture, entries)
    }

    /// The record in `folder`; nil when there is none, or it is of another version or does not parse whole.
    init?(folderPath: String) {
        guard let data = FileManager.default.contents(atPath: folderPath + "/" + Self.fileName) else { return nil }
        self.init(text: [UInt8](data))
    }

    init?(text: [UInt8]) {
        guard let lines = LineRecords.lines(text), lines.count >= 2,
              LineRecords.text(lines[lines.startIndex]) == Self.header else { return nil }
        let head = LineRecords.fields(lines[lines.startIndex + 1], count: 4)
        guard head.count == 4, let asTheyAre = LineRecords.number(head[2]), let withoutPicture = LineRecords.number(head[3])
        else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(lines.count - 2)
        for line in lines.dropFirst(2) {
            let fields = LineRecords.fields(line, count: 6)
            guard fields.count == 6, let id = LineRecords.number(fields[0]), let size = LineRecords.number(fields[2]),
                  let inode = LineRecords.number(fields[3]), let modified = LineRecords.number(fields[4]) else { return nil }
            let copies = fields[5].split(separator: UInt8(ascii: ",")).map { String(decoding: $0, as: UTF8.self) }
            guard !copies.isEmpty else { return nil }
            entries.append(Entry(id: Int(id), name: LineRecords.text(fields[1]),
                                 stamp: PictureStamps.Stamp(size: size, inode: UInt64(bitPattern: inode), modified: modified),
                                 copies: copies))
        }
        self.init(digest: LineRecords.text(head[0]), characters: LineRecords.text(head[1]), asTheyAre: Int(asTheyAre),
                  withoutPicture: Int(withoutPicture), entries: entries)
    }

    var text: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(80 * (entries.count + 2))
        out.append(line: [Self.header])
        out.append(line: [digest, characters, String(asTheyAre), String(withoutPicture)])
        for entry in entries {
            out.append(line: [String(entry.id), entry.name, String(entry.stamp.size), String(Int64(bitPattern: entry.stamp.inode)),
                              String(entry.stamp.modified), entry.copies.joined(separator: ",")])
        }
        return out
    }

    /// Replaces the record in `folder`, whole or not at all; removes it when there is none to keep (or it cannot be
    /// written as lines). A failure only costs the next build the look-up.
    static func save(_ record: CopiesRecord?, in folder: URL) {
        let file = folder.appendingPathComponent(fileName)
        // A copy's name holding the separator of the copies' names cannot be recorded: then none is.
        guard let record, !record.entries.contains(where: { $0.copies.contains { $0.contains(",") } }) else {
            try? FileManager.default.removeItem(at: file)
            return
        }
        // A name of its own: builds of their own that share a cache hold no lock on it, and two records written into
        // one temporary file could read as one.
        try? AtomicFile.write(Data(record.text), to: file)
    }

    /// The temporary file of a record a killed build left (`AtomicFile`'s name): pruned with the entries.
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(AtomicFile.temporaryPrefix) && name.hasSuffix("-" + fileName)
    }

    /// Whether every entry folder under `folderPath` still has the stamp recorded.
    func stillStamped(in folderPath: String) -> Bool {
        PictureStamps.stillStamped(entries.map { (folderPath + "/" + $0.name, $0.stamp) })
    }
}
