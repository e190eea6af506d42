import Foundation
import Primitives

/// Which picture file held which bytes, by the file's stamp (size, inode, modification time): kept in the picture
/// cache as `stamps.tsv`, so a build whose pictures did not change reads none of their 28 MB to find their copies.
/// The cache's avatars are hard links from one generation to the next, so a picture keeps its stamp across
/// fetches until its bytes change. A missing, older or damaged file, or a line that does not parse, costs a read
/// and a hash of the pictures it would have named, never a wrong copy: a line's byte count must equal the size in
/// its stamp, and the copies are still looked up under the key of the bytes.
struct PictureStamps: Sendable, Equatable {
    static let fileName = "stamps.tsv"
    /// One fixed name: the build holds the cache's lock, and a killed write leaves one file that the next
    /// build's write or prune replaces, never a pile.
    static let temporaryName = AtomicFile.temporaryPrefix + fileName
    static let header = "rmwiki picture stamps 1"
    /// A file changed this close to the moment it was stamped may change again within the file system's time
    /// granularity without its stamp changing (git's "racily clean" files): it is read and hashed again next time
    /// rather than remembered.
    static let settleNanoseconds: Int64 = 2_000_000_000

    struct Stamp: Sendable, Hashable {
        var size: Int64
        var inode: UInt64
        var modified: Int64
    }

    /// Stamp → the content key of the bytes (`<FNV-1a hex>-<byte count>`).
    private(set) var contents: [Stamp: String] = [:]

    init() {}

    /// The remembered stamps in `folder`, none when the file is missing or not of this version; lines that do not
    /// parse are left out.
    init(folder: URL) {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(Self.fileName).path),
              let text = String(data: data, encoding: .utf8) else { return }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.popFirst() == Substring(Self.header) else { return }
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, let size = Int64(fields[0]), let inode = UInt64(fields[1]),
                  let modified = Int64(fields[2]), Self.isContentKey(fields[3], size: size) else { continue }
            contents[Stamp(size: size, inode: inode, modified: modified)] = String(fields[3])
        }
    }

    static func stamp(_ file: FileStamp) -> Stamp {
        Stamp(size: file.size, inode: file.inode, modified: file.modified)
    }

    func content(of stamp: Stamp) -> String? { contents[stamp] }

    /// Remembers `content` for a file stamped at `now` (nanoseconds since 1970), unless it changed too recently.
    mutating func remember(_ stamp: Stamp, content: String, now: Int64) {
        guard stamp.modified < now &- Self.settleNanoseconds else { return }
        contents[stamp] = content
    }

    var text: String {
        guard !contents.isEmpty else { return "" }
        let lines = contents.map { "\($0.key.size)\t\($0.key.inode)\t\($0.key.modified)\t\($0.value)" }.sorted()
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
    private static func isContentKey(_ key: Substring, size: Int64) -> Bool {
        let parts = key.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && FNV1a.isHex(parts[0]) && Int64(parts[1]) == size
    }
}
