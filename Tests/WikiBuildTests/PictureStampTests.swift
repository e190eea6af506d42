import Foundation
@testable import Primitives
@testable import RickAndMortyAPI
@testable import SiteOutput
import TestSupport
import Testing
@testable import WikiBuild

/// The picture cache remembers which bytes each picture file held by the file's stamp (`stamps.tsv`), so a build
/// whose pictures did not change reads none of them.
extension AvatarCopyTests {
    /// Two pictures written as files dated an hour back (a file changed within the last two seconds is not
    /// remembered), and the maker over them.
    struct StampedPictures {
        let folder: URL
        let pictures: URL
        let avatars: [Int: AvatarImage]
        var maker: AvatarCopyMaker { AvatarCopyMaker(folder: pictures) }

        init() throws {
            folder = try SharedFixtures.temporaryDirectory("rmwiki-stamps")
            pictures = folder.appendingPathComponent("pictures")
            var avatars: [Int: AvatarImage] = [:]
            for (id, shade) in [(1, UInt8(10)), (2, UInt8(90))] {
                let file = folder.appendingPathComponent("\(id).jpeg")
                try Self.write(AvatarCopyTests.jpeg(shade), to: file)
                avatars[id] = AvatarImage(source: .file(path: file.path), fileExtension: "jpeg")
            }
            self.avatars = avatars
        }

        func file(_ id: Int) -> URL { folder.appendingPathComponent("\(id).jpeg") }

        /// A new file (a new inode, as a fetch makes), dated an hour back.
        static func write(_ bytes: [UInt8], to file: URL) throws {
            try Data(bytes).write(to: file, options: .atomic)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: file.path)
        }

        /// The cache entries the copies of `made` are published from.
        static func entries(_ made: AvatarCopyMaker.Made) -> Set<String> {
            Set(made.files.compactMap { file in
                guard case .copy(let source) = file.content else { return nil }
                return URL(fileURLWithPath: source).deletingLastPathComponent().lastPathComponent
            })
        }

        /// The entry the bytes now in picture `id`'s file belong in.
        func entry(_ id: Int) throws -> String {
            let bytes = [UInt8](try Data(contentsOf: file(id)))
            return FNV1a(bytes).hex + "-\(bytes.count)-" + AvatarCopyMaker.version
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }

        /// Picture `id`'s file overwritten in place with as many bytes of garbage, its date put back: the same stamp,
        /// so only a maker that reads it notices.
        func garbleInPlace(_ id: Int) throws {
            let date = try #require(try FileManager.default.attributesOfItem(atPath: file(id).path)[.modificationDate] as? Date)
            let size = try Data(contentsOf: file(id)).count
            let handle = try FileHandle(forWritingTo: file(id))
            try handle.write(contentsOf: Data(repeating: 0x41, count: size))
            try handle.close()
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: file(id).path)
        }
    }

    /// Proved by rewriting a picture in place with its size and date put back, which only a maker that did not
    /// read it misses (before the stamps, the garbage was read, hashed and failed to decode).
    @Test("a picture file whose stamp the cache remembers is not read again")
    func stampedPicturesAreNotRead() throws {
        let world = try StampedPictures()
        defer { world.remove() }
        let first = world.maker.make(avatars: world.avatars, characters: [1, 2])
        #expect(first.decoded == 2)
        let stamps = try String(contentsOf: world.pictures.appendingPathComponent(PictureStamps.fileName), encoding: .utf8)
        #expect(stamps.split(separator: "\n").count == 3, "the header and both pictures: \(stamps)")

        try world.garbleInPlace(1)

        let again = world.maker.make(avatars: world.avatars, characters: [1, 2])
        #expect(again.decoded == 0 && again.reused == 2 && again.warnings.isEmpty)
        #expect(again.copies == first.copies)
    }

    @Test("a picture changed within two seconds of the build is not remembered: the next build reads it")
    func freshPicturesAreNotRemembered() throws {
        let world = try StampedPictures()
        defer { world.remove() }
        try Data(AvatarCopyTests.jpeg(10)).write(to: world.file(1))
        try FileManager.default.removeItem(at: world.file(2))
        let made = world.maker.make(avatars: world.avatars, characters: [1, 2])
        #expect(made.decoded == 1 && made.unreadable == 1)
        #expect(!FileManager.default.fileExists(atPath: world.pictures.appendingPathComponent(PictureStamps.fileName).path))
    }

    @Test("a new stamp, a damaged stamps file or one naming a missing entry costs a read, never a wrong copy")
    func staleStampsCostARead() throws {
        let world = try StampedPictures()
        defer { world.remove() }
        _ = world.maker.make(avatars: world.avatars, characters: [1, 2])

        // Picture 2 replaced as a fetch replaces it: a new inode, dated back as far.
        try StampedPictures.write(AvatarCopyTests.jpeg(200), to: world.file(2))
        let replaced = world.maker.make(avatars: world.avatars, characters: [1, 2])
        #expect(replaced.decoded == 1)
        #expect(StampedPictures.entries(replaced) == [try world.entry(1)], "picture 2's copies are made, from memory")
        #expect(FileManager.default.fileExists(atPath: world.pictures.appendingPathComponent(try world.entry(2)).path))

        // Each remembered stamp pointed at an entry that is not there, and lines that do not parse.
        let file = world.pictures.appendingPathComponent(PictureStamps.fileName)
        var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        for index in lines.indices.dropFirst() {
            var fields = lines[index].split(separator: "\t").map(String.init)
            fields[3] = "00000000000000aa-" + fields[0]
            lines[index] = fields.joined(separator: "\t")
        }
        lines += ["12\t34\tnot a time\t00000000000000aa-12", "\u{0}\u{1}", "12\t34\t56\t00000000000000aa-13"]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let misled = world.maker.make(avatars: world.avatars, characters: [1, 2])
        #expect(misled.decoded == 0 && misled.reused == 2)
        #expect(StampedPictures.entries(misled) == [try world.entry(1), try world.entry(2)])
        #expect(PictureStamps(folder: world.pictures).text.split(separator: "\n").count == 3, "rewritten whole")

        // A file that is not a stamps file at all.
        try Data("garbage".utf8).write(to: file)
        let garbled = world.maker.make(avatars: world.avatars, characters: [1, 2])
        #expect(garbled.decoded == 0 && garbled.reused == 2)
        #expect(StampedPictures.entries(garbled) == [try world.entry(1), try world.entry(2)])
    }

    @Test("the stamps file a killed save left is removed, and the user's own files stay")
    func temporaryStampsAreRemoved() throws {
        let world = try StampedPictures()
        defer { world.remove() }
        _ = world.maker.make(avatars: world.avatars, characters: [1, 2])
        let leftover = world.pictures.appendingPathComponent(PictureStamps.temporaryName)
        let theirs = world.pictures.appendingPathComponent(".tmp-theirs")
        for file in [leftover, theirs] { try Data("half".utf8).write(to: file) }
        _ = world.maker.make(avatars: world.avatars, characters: [1, 2])
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: theirs.path))

        // Settled, a build finds every picture by the stamps and listings read and keeps the file as it is; a
        // leftover is still removed.
        try Backdating.dateEverything(in: world.pictures)
        _ = world.maker.make(avatars: world.avatars, characters: [1, 2])
        let stamps = world.pictures.appendingPathComponent(PictureStamps.fileName)
        let saved = try #require(FileStamp(path: stamps.path))
        let again = world.maker.make(avatars: world.avatars, characters: [1, 2])
        #expect(again.reused == 2 && FileStamp(path: stamps.path) == saved, "not written again")
        try Data("half".utf8).write(to: leftover)
        _ = world.maker.make(avatars: world.avatars, characters: [1, 2])
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileStamp(path: stamps.path) == saved)
    }
}

extension AvatarCopyTests {
    /// Proved as the stamps are: an entry whose copy is renamed with the folder's date put back still gives the
    /// remembered name, which only a maker that did not list it gives (before the listings, every entry was listed
    /// on every build). A folder whose date moved is made again, so a copy taken away by hand is back (before, the
    /// folder was listed again and the pages lost that copy).
    @Test("a settled cache entry is not listed again: its copies' names come from the stamps file until it changes")
    func settledEntriesAreNotListed() throws {
        let world = try StampedPictures()
        defer { world.remove() }
        let first = world.maker.make(avatars: world.avatars, characters: [1, 2])
        try Backdating.dateEverything(in: world.pictures)
        _ = world.maker.make(avatars: world.avatars, characters: [1, 2])
        let stamps = try String(contentsOf: world.pictures.appendingPathComponent(PictureStamps.fileName), encoding: .utf8)
        let lines = stamps.split(separator: "\n").dropFirst()
        #expect(lines.count == 2 && lines.allSatisfy { $0.split(separator: "\t").count == 7 }, "\(stamps)")

        let entry1 = world.pictures.appendingPathComponent(try world.entry(1))
        let names = try FileManager.default.contentsOfDirectory(atPath: entry1.path).sorted()
        let renamed = try #require(names.first)
        try FileManager.default.moveItem(at: entry1.appendingPathComponent(renamed), to: entry1.appendingPathComponent("7-" + renamed))
        try Backdating.dateEverything(in: entry1)
        let remembered = world.maker.make(avatars: world.avatars, characters: [1, 2])
        #expect(remembered.copies == first.copies, "the names the stamps file gave, not listed")

        let entry2 = world.pictures.appendingPathComponent(try world.entry(2))
        let copies2 = try FileManager.default.contentsOfDirectory(atPath: entry2.path).sorted()
        try FileManager.default.removeItem(at: entry2.appendingPathComponent(try #require(copies2.last)))
        let remade = world.maker.make(avatars: world.avatars, characters: [1, 2])
        #expect(remade.decoded == 1 && remade.copies == first.copies, "picture 2's copies made again, all of them")
        #expect(try FileManager.default.contentsOfDirectory(atPath: entry2.path).sorted() == copies2)
        let after = world.maker.make(avatars: world.avatars, characters: [1, 2])
        #expect(after.decoded == 0 && after.copies == first.copies)
    }

    /// Before, an entry no listing was remembered of (the stamps file lost, or the entry too new to remember) was
    /// taken as whole whatever it held.
    @Test("an entry listed afresh that lacks a copy its picture has a side for is made again")
    func incompleteEntriesAreRemade() throws {
        let world = try StampedPictures()
        defer { world.remove() }
        let first = world.maker.make(avatars: world.avatars, characters: [1, 2])
        try FileManager.default.removeItem(at: world.pictures.appendingPathComponent(PictureStamps.fileName))
        let entry = world.pictures.appendingPathComponent(try world.entry(1))
        let largest = try #require(try FileManager.default.contentsOfDirectory(atPath: entry.path).sorted().last { $0.hasPrefix("200-") })
        try FileManager.default.removeItem(at: entry.appendingPathComponent(largest))
        let remade = world.maker.make(avatars: world.avatars, characters: [1, 2])
        #expect(remade.decoded == 1 && remade.reused == 1 && remade.copies == first.copies)
        #expect(FileManager.default.fileExists(atPath: entry.appendingPathComponent(largest).path))
    }

    /// A maker keyed by size and inode alone, or that kept the copies of a picture gone, fails this.
    @Test("a settled picture rewritten in place (same size, new date) or removed is noticed")
    func rewrittenAndRemovedPicturesAreNoticed() throws {
        let world = try StampedPictures()
        defer { world.remove() }
        let first = world.maker.make(avatars: world.avatars, characters: [1, 2])
        try Backdating.dateEverything(in: world.pictures)
        _ = world.maker.make(avatars: world.avatars, characters: [1, 2])
        let inode = try #require(FileStamp(path: world.file(1).path)).inode
        let oldEntry = try world.entry(1)
        let other = AvatarCopyTests.jpeg(200)
        let size = try Data(contentsOf: world.file(1)).count
        let handle = try FileHandle(forWritingTo: world.file(1))
        try handle.write(contentsOf: Data(other.prefix(size) + [UInt8](repeating: 0, count: max(0, size - other.count))))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -1800)], ofItemAtPath: world.file(1).path)
        let stamp = FileStamp(path: world.file(1).path)
        #expect(stamp?.inode == inode && stamp?.size == Int64(size), "the same file, as long as before")

        let rewritten = world.maker.make(avatars: world.avatars, characters: [1, 2])
        #expect(!StampedPictures.entries(rewritten).contains(oldEntry), "not the old bytes' copies")
        #expect(rewritten.reused == 1, "picture 2 from the cache")

        try FileManager.default.removeItem(at: world.file(2))
        let removed = world.maker.make(avatars: world.avatars, characters: [1, 2])
        #expect(removed.unreadable == 1 && removed.copies[2] == nil && first.copies[2] != nil)
        #expect(!removed.files.contains { $0.path.hasPrefix("images/characters/2-") })
    }
}

extension AvatarCopyTests {
    /// What `serve` keeps between builds: a maker given what it kept returns it while every picture and cache entry has
    /// the stamp it had, and looks again as soon as one does not, or the avatars are others. Given the pictures' input
    /// digest, as the build gives it, it looks at the cache entries alone while the digest is the same.
    @Test("kept copies are returned until a picture's or a cache entry's stamp moves, or the avatars change", arguments: [nil, "pictures"])
    func keptCopiesLastUntilAStampMoves(digest: String?) throws {
        let world = try StampedPictures()
        defer { world.remove() }
        let first = world.maker.make(avatars: world.avatars, characters: [1, 2], kept: nil)
        #expect(first.made.decoded == 2 && first.kept == nil, "entries made just now are too fresh to keep")
        try Backdating.dateEverything(in: world.pictures)
        let settled = world.maker.make(avatars: world.avatars, characters: [1, 2], kept: nil)
        let kept = try #require(settled.kept)
        #expect(settled.made.reused == 2)

        // Proved as the stamps are: picture 1 rewritten in place with its size and date put back is not looked at, even
        // with the stamps file gone (a maker that looked would read the garbage and fail to decode it).
        try FileManager.default.removeItem(at: world.pictures.appendingPathComponent(PictureStamps.fileName))
        try world.garbleInPlace(1)
        let again = world.maker.make(avatars: world.avatars, characters: [1, 2], kept: kept, digest: digest)
        #expect(again.made.warnings.isEmpty && again.made.decoded == 0)
        #expect(again.made.copies == settled.made.copies && again.made.files.map(\.path) == settled.made.files.map(\.path))
        #expect(again.kept != nil)

        // A copy taken from a cache entry moves the entry's stamp: looked up again, the entry is made again.
        let entry2 = world.pictures.appendingPathComponent(try world.entry(2))
        let copies2 = try FileManager.default.contentsOfDirectory(atPath: entry2.path).sorted()
        try FileManager.default.removeItem(at: entry2.appendingPathComponent(try #require(copies2.last)))
        let remade = world.maker.make(avatars: world.avatars, characters: [1, 2], kept: again.kept, digest: digest)
        #expect(remade.made.decoded >= 1 && remade.kept == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: entry2.path).sorted() == copies2)
        // A picture replaced as a fetch replaces it (a new inode): looked up again.
        try Backdating.dateEverything(in: world.pictures)
        let current = try #require(world.maker.make(avatars: world.avatars, characters: [1, 2], kept: nil, digest: digest).kept)
        try StampedPictures.write(AvatarCopyTests.jpeg(200), to: world.file(2))
        // A fetch's new picture is a new input digest (a new generation's path): with the old one it would not be looked at.
        let replaced = world.maker.make(avatars: world.avatars, characters: [1, 2], kept: current, digest: digest.map { $0 + " fetched" })
        #expect(replaced.made.decoded == 1)
        #expect(FileManager.default.fileExists(atPath: world.pictures.appendingPathComponent(try world.entry(2)).path))
        // Other characters: made afresh.
        #expect(world.maker.make(avatars: world.avatars, characters: [1], kept: current).made.copies[2] == nil)
    }
}
