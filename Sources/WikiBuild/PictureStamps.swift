import Foundation
import Primitives

/// Which picture file held which bytes, by the file's stamp (size, inode, modification time): kept in the picture
/// cache as `stamps.tsv`, so a build whose pictures did not change reads none of their 28 MB to find their copies.
/// The cache's avatars are hard links from one generation to the next, so a picture keeps its stamp across
/// fetches until its bytes change. A missing, older or damaged file, or a line that does not parse, costs a read
/// and a hash of the pictures it would have named, never a wrong copy: a line's byte count must equal the size in
/// its stamp, and the copies are still looked up under the key of the bytes.
///
/// A line may also name the copies in the picture's cache entry, with the entry folder's own stamp (inode and
/// modification time, which change when a file is added to or taken from it): a build whose pictures did not change
/// then lists no entry folder, one `stat` each instead. A folder whose stamp differs is listed as before.
struct PictureStamps: Sendable, Equatable {
    static let fileName = "stamps.tsv"
    /// One fixed name: the build holds the cache's lock, and a killed write leaves one file that the next
    /// build's write or prune replaces, never a pile.
    static let temporaryName = AtomicFile.temporaryPrefix + fileName
    static let header = "rmwiki picture stamps 1"
    struct Stamp: Sendable, Hashable {
        var size: Int64
        var inode: UInt64
        var modified: Int64

        /// See `FileStamp.isSettled(at:)`.
        func isSettled(at now: Int64) -> Bool { modified < now &- FileStamp.settleNanoseconds }
    }

    /// What a cache entry held when it was last listed.
    struct Listing: Sendable, Hashable {
        var inode: UInt64
        var modified: Int64
        var names: [String]
    }

    /// Stamp → the content key of the bytes (`<FNV-1a hex>-<byte count>`).
    private(set) var contents: [Stamp: String] = [:]
    /// Content key → its entry's copies, as listed.
    private(set) var listings: [String: Listing] = [:]

    init() {}

    /// The stamps of the files read at `now`, each with its content and, when its entry was found, the entry's names
    /// and stamp; those changed too recently are left out.
    init(_ stamped: [(stamp: Stamp, content: String, entry: (names: [String], stamp: FileStamp)?)], now: Int64) {
        for (stamp, content, entry) in stamped {
            remember(stamp, content: content, now: now)
            if let entry, contents[stamp] != nil { remember(entry.names, in: entry.stamp, of: content, now: now) }
        }
    }

    /// The remembered stamps in `folder`, none when the file is missing or not of this version; lines that do not
    /// parse are left out.
    init(folder: URL) { self.init(folderPath: folder.path) }

    init(folderPath: String) {
        self.init(text: FileManager.default.contents(atPath: folderPath + "/" + Self.fileName).map { [UInt8]($0) } ?? [])
    }

    /// Parsed as bytes, fields by position, no string made but the key and the names: splitting lines into strings
    /// cost more than the rest of a no-change pictures phase.
    init(text: [UInt8]) {
        let newline = UInt8(ascii: "\n")
        var lines = text.split(separator: newline)[...]
        guard let first = lines.popFirst(), first.elementsEqual(Self.header.utf8) else { return }
        contents.reserveCapacity(lines.count)
        listings.reserveCapacity(lines.count)
        for line in lines {
            var fields = line.split(separator: 9, maxSplits: 6, omittingEmptySubsequences: false)[...]
            guard fields.count == 4 || fields.count == 7, let size = Self.number(fields.removeFirst()),
                  let inode = Self.unsigned(fields.removeFirst()),
                  let modified = Self.number(fields.removeFirst(), signed: true), Self.isContentKey(fields[fields.startIndex], size: size)
            else { continue }
            let content = String(decoding: fields.removeFirst(), as: UTF8.self)
            contents[Stamp(size: size, inode: inode, modified: modified)] = content
            guard fields.count == 3, let entryInode = Self.unsigned(fields.removeFirst()),
                  let entryModified = Self.number(fields.removeFirst(), signed: true) else { continue }
            let names = fields.removeFirst().split(separator: UInt8(ascii: ",")).map { String(decoding: $0, as: UTF8.self) }
            if !names.isEmpty { listings[content] = Listing(inode: entryInode, modified: entryModified, names: names) }
        }
    }

    /// Decimal digits, nil for anything else or past `UInt64.max`.
    private static func unsigned(_ digits: ArraySlice<UInt8>) -> UInt64? {
        guard !digits.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, carry) = tens.addingReportingOverflow(UInt64(byte - 0x30))
            guard !overflow, !carry else { return nil }
            value = next
        }
        return value
    }

    /// What `Int64(_:)` reads: digits, with a leading `-` when `signed`.
    private static func number(_ field: ArraySlice<UInt8>, signed: Bool = false) -> Int64? {
        guard signed, field.first == UInt8(ascii: "-") else { return unsigned(field).flatMap(Int64.init(exactly:)) }
        guard let magnitude = unsigned(field.dropFirst()), magnitude <= UInt64(Int64.max) + 1 else { return nil }
        return Int64(bitPattern: 0 &- magnitude)
    }

    /// Whether every file at its path still has its stamp, on every core, each folder held open.
    static func stillStamped(_ stamped: [(path: String, stamp: Stamp)]) -> Bool {
        let chunk = 256
        return ConcurrentWork.map((stamped.count + chunk - 1) / chunk) { part -> Bool in
            var folders = OpenFolders()
            defer { folders.close() }
            return stamped[(part * chunk)..<min(stamped.count, (part + 1) * chunk)].allSatisfy { path, stamp in
                folders.stamp(path).map(PictureStamps.stamp) == stamp
            }
        }.allSatisfy { $0 }
    }

    static func stamp(_ file: FileStamp) -> Stamp {
        Stamp(size: file.size, inode: file.inode, modified: file.modified)
    }

    func content(of stamp: Stamp) -> String? { contents[stamp] }

    /// The copies' names in the entry of `content`, when the entry folder's stamp is still the one they were listed
    /// under.
    func names(in entry: FileStamp, of content: String) -> [String]? {
        guard let listing = listings[content], listing.inode == entry.inode, listing.modified == entry.modified else { return nil }
        return listing.names
    }

    /// Remembers the copies' names of `content`'s entry (stamped `entry`), unless it changed too recently.
    mutating func remember(_ names: [String], in entry: FileStamp, of content: String, now: Int64) {
        guard entry.isSettled(at: now), !names.isEmpty,
              names.allSatisfy({ !$0.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == 9 || $0 == 10 }) }) else { return }
        listings[content] = Listing(inode: entry.inode, modified: entry.modified, names: names)
    }

    /// Remembers `content` for a file stamped at `now` (nanoseconds since 1970), unless it changed too recently.
    mutating func remember(_ stamp: Stamp, content: String, now: Int64) {
        // A file changed too recently is read and hashed again next time rather than remembered.
        guard stamp.isSettled(at: now) else { return }
        contents[stamp] = content
    }

    var text: String {
        guard !contents.isEmpty else { return "" }
        let lines = contents.map { stamp, content in
            var line = "\(stamp.size)\t\(stamp.inode)\t\(stamp.modified)\t\(content)"
            if let listing = listings[content] {
                line += "\t\(listing.inode)\t\(listing.modified)\t" + listing.names.joined(separator: ",")
            }
            return line
        }.sorted()
        return ([Self.header] + lines).joined(separator: "\n") + "\n"
    }

    /// Replaces the file in `folder` when this differs from `previous` (what was read): whole or not at all. A
    /// failure only costs the next build a read of the pictures.
    func save(in folder: URL, previous: PictureStamps) {
        let file = folder.appendingPathComponent(Self.fileName)
        guard self != previous || (contents.isEmpty && FileManager.default.fileExists(atPath: file.path)) else { return }
        if contents.isEmpty {
            try? FileManager.default.removeItem(at: file)
            return
        }
        try? AtomicFile.write(Data(text.utf8), to: file, temporaryName: Self.temporaryName)
    }

    /// `<16 hex digits>-<byte count>`, the count equal to the stamp's size.
    private static func isContentKey(_ key: ArraySlice<UInt8>, size: Int64) -> Bool {
        guard key.count > 17, key[key.startIndex + 16] == UInt8(ascii: "-") else { return false }
        return key.prefix(16).allSatisfy(FNV1a.isHexDigit) && number(key.dropFirst(17)) == size
    }
}
