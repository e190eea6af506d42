import Foundation
@testable import Primitives
import TestSupport
import Testing
@testable import WikiBuild

/// A build of its own takes the avatars' copies from the record of the last one (`copies.tsv`) while its pictures'
/// digest and characters are that build's and every cache entry is untouched; else it looks them up as before.
extension AvatarCopyTests {
    /// Two pictures made copies of, the entries dated back and the record written: the state of a nightly build's
    /// cache, with what the build that wrote the record made (its copies published from the cache) and the pictures'
    /// digest it began with.
    private static func recorded() throws -> (world: StampedPictures, first: AvatarCopyMaker.Made, digest: String) {
        let world = try StampedPictures()
        let digest = BuildState.InputDigests.digest(of: world.avatars)
        let first = world.maker.make(avatars: world.avatars, characters: [1, 2, 3], digest: digest)
        #expect(first.decoded == 2)
        #expect(CopiesRecord(folderPath: world.pictures.path) == nil, "entries made just now are not recorded")
        try Backdating.dateEverything(in: world.pictures)
        let again = world.maker.make(avatars: world.avatars, characters: [1, 2, 3], digest: digest)
        #expect(again.decoded == 0 && again.reused == 2 && again.copies == first.copies)
        #expect(CopiesRecord(folderPath: world.pictures.path)?.entries.count == 2)
        return (world, again, digest)
    }

    /// Proved by taking the picture files away: a maker that looked them up would find them unreadable.
    @Test("the copies of a build whose pictures' digest and characters are the last one's come from the record")
    func recordedCopiesAreTaken() throws {
        let (world, first, digest) = try Self.recorded()
        defer { world.remove() }
        for id in [1, 2] { try FileManager.default.removeItem(at: world.file(id)) }
        let taken = world.maker.make(avatars: world.avatars, characters: [1, 2, 3], digest: digest)
        #expect(taken.unreadable == 0 && taken.reused == 2 && taken.withoutPicture == 1)
        #expect(taken.copies == first.copies && taken.files == first.files && taken.summary == first.summary)

        let otherDigest = world.maker.make(avatars: world.avatars, characters: [1, 2, 3], digest: "d2")
        #expect(otherDigest.unreadable == 2, "another digest: looked up")
        #expect(CopiesRecord(folderPath: world.pictures.path) == nil, "and nothing recorded of it")
    }

    @Test("other characters, a touched entry, a damaged record or one of other copies: the copies are looked up")
    func staleRecordsAreNotTaken() throws {
        let (world, first, digest) = try Self.recorded()
        defer { world.remove() }
        let fewer = world.maker.make(avatars: world.avatars, characters: [1, 2], digest: digest)
        #expect(fewer.withoutPicture == 0 && fewer.copies == first.copies)
        #expect(CopiesRecord(folderPath: world.pictures.path)?.characters == CopiesRecord.charactersDigest([1, 2]))

        // A copy taken away by hand: its entry's stamp moves, and its picture's copies are made again.
        let entry = world.pictures.appendingPathComponent(try world.entry(2))
        let copies = try FileManager.default.contentsOfDirectory(atPath: entry.path).sorted()
        try FileManager.default.removeItem(at: entry.appendingPathComponent(try #require(copies.last)))
        let remade = world.maker.make(avatars: world.avatars, characters: [1, 2], digest: digest)
        #expect(remade.decoded == 1 && remade.copies == first.copies)

        let file = world.pictures.appendingPathComponent(CopiesRecord.fileName)
        for damage in ["garbage\n", CopiesRecord.header + "\nd1\n", "rmwiki picture copies 1 v1-44\nd1 x 0 1\n"] {
            try Data(damage.utf8).write(to: file)
            #expect(CopiesRecord(folderPath: world.pictures.path) == nil, "\(damage)")
        }
    }

    /// Before, the record was keyed by the digest the build began with: two pictures swapped after it was taken were
    /// recorded under it, and swapped back, each took the other's copies.
    @Test("a record is keyed by the pictures its look-up read, not by the digest the build began with")
    func recordsAreKeyedByWhatWasRead() throws {
        let (world, _, digest) = try Self.recorded()
        defer { world.remove() }
        let (one, two, swap) = (world.file(1), world.file(2), world.folder.appendingPathComponent("swap.jpeg"))
        func swapPictures() throws {
            try FileManager.default.moveItem(at: one, to: swap)
            try FileManager.default.moveItem(at: two, to: one)
            try FileManager.default.moveItem(at: swap, to: two)
        }
        let entries = (try world.entry(1), try world.entry(2))
        // The build that begins before the swap and looks up after it, with no record to take.
        try FileManager.default.removeItem(at: world.pictures.appendingPathComponent(CopiesRecord.fileName))
        try swapPictures()
        _ = world.maker.make(avatars: world.avatars, characters: [1, 2, 3], digest: digest)
        try swapPictures()
        let back = world.maker.make(avatars: world.avatars, characters: [1, 2, 3], digest: digest)
        let sources = Dictionary(back.files.compactMap { file -> (Int, String)? in
            guard case .copy(let source) = file.content, let id = Int(file.path.split(separator: "/").last?.split(separator: "-").first ?? "")
            else { return nil }
            return (id, URL(fileURLWithPath: source).deletingLastPathComponent().lastPathComponent)
        }, uniquingKeysWith: { first, _ in first })
        #expect(sources[1] == entries.0 && sources[2] == entries.1, "each picture's own copies")
    }

    @Test("a record reads back as written")
    func recordsRoundTrip() throws {
        let record = CopiesRecord(
            digest: "d", characters: CopiesRecord.charactersDigest([3, 1]), asTheyAre: 1, withoutPicture: 2,
            entries: [.init(id: 7, name: "00000000000000aa-12-v2", stamp: .init(size: 4096, inode: UInt64.max, modified: -5),
                            copies: ["44-44x50.jpg", "88-88x100.jpg"])])
        #expect(CopiesRecord(text: record.text) == record)
        #expect(CopiesRecord.charactersDigest([1, 3]) != CopiesRecord.charactersDigest([13]))
        var cut = record.text
        cut.removeLast()
        #expect(CopiesRecord(text: cut) == nil, "a record cut short")
    }
}
