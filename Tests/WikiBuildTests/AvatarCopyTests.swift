import Foundation
import Pictures
@testable import Primitives
@testable import RickAndMortyAPI
@testable import SiteOutput
import TestSupport
import Testing
@testable import WikiModel
@testable import WikiBuild

@Suite("Avatar copies")
struct AvatarCopyTests {
    static func jpeg(_ shade: UInt8) -> [UInt8] {
        let pixels: [UInt8] = (0..<(300 * 300)).flatMap { (index: Int) -> [UInt8] in
            [shade, UInt8(index % 300 % 256), UInt8(index / 300 % 256), 255]
        }
        return JPEGEncoder.encode(Picture(width: 300, height: 300, pixels: pixels))
    }

    @Test("copies are made once per picture: a second build decodes nothing, a changed picture alone is made again")
    func cachedBySourceBytes() throws {
        let folder = try SharedFixtures.temporaryDirectory("rmwiki-copies")
        defer { try? FileManager.default.removeItem(at: folder) }
        let maker = AvatarCopyMaker(folder: folder.appendingPathComponent("pictures"))
        var avatars: [Int: AvatarImage] = [
            1: AvatarImage(source: .bytes(Self.jpeg(10)), fileExtension: "jpeg"),
            2: AvatarImage(source: .bytes(Self.jpeg(90)), fileExtension: "jpeg"),
            3: AvatarImage(source: .bytes(Array("<svg/>".utf8)), fileExtension: "svg"),
        ]
        let first = maker.make(avatars: avatars, characters: [1, 2, 3])
        #expect(first.decoded == 2)
        #expect(first.warnings.isEmpty)
        #expect(first.copies[1]?.map(\.side) == AvatarSizes.sides)
        #expect(first.copies[3] == nil, "an SVG is published as it is")
        #expect(first.files.map(\.path).contains("images/characters/2-44.jpg"))
        let again = maker.make(avatars: avatars, characters: [1, 2, 3])
        #expect(again.decoded == 0)
        #expect(again.copies == first.copies)
        #expect(Set(again.files.map(\.path)) == Set(first.files.map(\.path)))
        avatars[2] = AvatarImage(source: .bytes(Self.jpeg(200)), fileExtension: "jpeg")
        let changed = maker.make(avatars: avatars, characters: [1, 2, 3])
        #expect(changed.decoded == 1)
        // The old picture's entry is gone with it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("pictures").path).count == 2)
    }

    /// The line said "0 avatars with smaller copies, 0 decoded (the others' copies were in the cache)" when the
    /// pictures were missing or published as they are: each count now says what happened.
    @Test("the pictures line says what happened to each picture, and that missing ones are missing")
    func summaryLine() throws {
        let folder = try SharedFixtures.temporaryDirectory("rmwiki-copies")
        defer { try? FileManager.default.removeItem(at: folder) }
        let maker = AvatarCopyMaker(folder: folder.appendingPathComponent("pictures"))
        let avatars: [Int: AvatarImage] = [
            1: AvatarImage(source: .bytes(Self.jpeg(10)), fileExtension: "jpeg"),
            3: AvatarImage(source: .bytes(Array("<svg/>".utf8)), fileExtension: "svg"),
            5: AvatarImage(source: .file(path: folder.appendingPathComponent("gone.jpeg").path), fileExtension: "jpeg"),
        ]
        let characters: Set<Int> = [1, 2, 3, 4, 5]
        let tail = ", 1 published as it is (neither JPEG nor PNG), 1 unreadable; 2 characters with no picture show a placeholder"
        #expect(maker.make(avatars: avatars, characters: characters).summary
            == "pictures: 1 avatar with smaller copies, 1 decoded" + tail)
        #expect(maker.make(avatars: avatars, characters: characters).summary
            == "pictures: 1 avatar with smaller copies, 0 decoded, 1 from the cache" + tail)
        #expect(maker.make(avatars: avatars, characters: [1]).summary == "pictures: 1 avatar with smaller copies, 0 decoded, 1 from the cache")
        #expect(maker.make(avatars: [:], characters: [1, 2]).summary
            == "pictures: 0 avatars with smaller copies, 0 decoded; 2 characters with no picture show a placeholder")
    }

    @Test("a picture that cannot be decoded is one warning line naming it and why, every build, decoded once")
    func badPicture() throws {
        let folder = try SharedFixtures.temporaryDirectory("rmwiki-copies")
        defer { try? FileManager.default.removeItem(at: folder) }
        let maker = AvatarCopyMaker(folder: folder.appendingPathComponent("pictures"))
        let cut = Array(Self.jpeg(50).prefix(700))
        let avatars = [7: AvatarImage(source: .bytes(cut), fileExtension: "jpeg"),
                       8: AvatarImage(source: .bytes(Self.jpeg(60)), fileExtension: "jpeg")]
        for decoded in [2, 0] {
            let made = maker.make(avatars: avatars, characters: [7, 8])
            #expect(made.decoded == decoded)
            #expect(made.warnings == ["warning: the picture of character 7 cannot be made smaller (truncated: JPEG ends "
                + "inside its scan data); its pages show the original"])
            #expect(made.copies[7] == nil)
            #expect(made.copies[8]?.count == AvatarSizes.sides.count)
        }
    }

    @Test("without a cache folder (the demo, a dry run) the copies are made in memory and nothing is written")
    func inMemory() {
        let made = AvatarCopyMaker(folder: nil).make(
            avatars: [1: AvatarImage(source: .bytes(Self.jpeg(10)), fileExtension: "jpeg")], characters: [1])
        #expect(made.decoded == 1)
        #expect(made.files.allSatisfy { if case .bytes = $0.content { return true } else { return false } })
    }
}

extension AvatarCopyTests {
    @Test("pruning removes only the entries and staging folders it writes: the user's own files in pictures/ stay")
    func pruneKeepsOtherFiles() throws {
        let folder = try SharedFixtures.temporaryDirectory("rmwiki-copies")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pictures = folder.appendingPathComponent("pictures")
        let manager = FileManager.default
        try manager.createDirectory(at: pictures, withIntermediateDirectories: true)
        let theirs = ["notes.txt", "holiday.jpeg", "0123456789abcdef", "0123456789ABCDEF-12-v1-44", ".staging-mine"]
        for name in theirs { try Data("mine".utf8).write(to: pictures.appendingPathComponent(name)) }
        try manager.createDirectory(at: pictures.appendingPathComponent("albums/2025"), withIntermediateDirectories: true)
        let stale = ["0123456789abcdef-1234-v1-44-88-132", ".staging-fedcba9876543210-99-v1-44-88-132",
                     "00000000000000aa-5-v0"]
        for name in stale { try manager.createDirectory(at: pictures.appendingPathComponent(name), withIntermediateDirectories: true) }
        let made = AvatarCopyMaker(folder: pictures).make(
            avatars: [1: AvatarImage(source: .bytes(Self.jpeg(10)), fileExtension: "jpeg")], characters: [1])
        #expect(made.decoded == 1)
        let left = Set(try manager.contentsOfDirectory(atPath: pictures.path))
        for name in theirs + ["albums"] { #expect(left.contains(name), "\(name) is the user's") }
        for name in stale { #expect(!left.contains(name), "\(name) is a stale entry") }
        #expect(left.count == theirs.count + 2, "the user's files, their folder and the new entry: \(left.sorted())")
    }
}
