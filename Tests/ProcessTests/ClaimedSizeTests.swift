import Foundation
import LoopbackAPI
@testable import Pictures
import RickAndMortyAPI
import TestSupport
import Testing

extension PictureProcessTests {
    /// Pictures of a few kilobytes that claim 4,096 × 4,096 pixels: a cold build decodes them within a memory
    /// budget and at reduced scale, so its peak stays low, and every character still gets its smaller copies.
    @Suite(.enabled(
        if: RMWikiExecutable.path != nil && RMWikiExecutable.benchPath != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
    struct ClaimedSizeTests {
        /// The bound (three such pictures took a build to 795 MB).
        static let peakLimitKiB = 300 << 10
        static let count = 50
        /// Characters 1…20 have PNGs (1…5 8-bit RGBA with transparency, 64 MB each inflated, then greyscale), the
        /// others baseline JPEGs.
        static let pngs = 20
        static let rgbaPNGs = 5
        static let sides = ["44", "88", "132", "200"]

        /// One picture of each kind, made once; each character's differs by a comment, so each is decoded.
        static func pictures() -> [Int: LoopbackAvatar] {
            let side = 4096
            // Rows of filter 0 and one colour, made by hand (our encoder tries every filter on every row, slowly).
            func png(colourType: UInt8, pixel: [UInt8]) -> [UInt8] {
                let row = [0] + [UInt8]((0..<side).flatMap { _ in pixel })
                return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                    + TaggedPicture.chunk("IHDR", PNGEncoder.bigEndian(UInt32(side)) + PNGEncoder.bigEndian(UInt32(side)) + [8, colourType, 0, 0, 0])
                    + TaggedPicture.chunk("IDAT", Deflate.zlib([UInt8]((0..<side).flatMap { _ in row })))
                    + TaggedPicture.chunk("IEND", [])
            }
            let rgba = png(colourType: 6, pixel: [70, 90, 110, 128]), grey = png(colourType: 0, pixel: [150])
            let jpeg = JPEGEncoder.encode(Picture(width: side, height: side, pixels: [UInt8](repeating: 200, count: side * side * 4)))
            var avatars: [Int: LoopbackAvatar] = [:]
            for id in 1...count {
                let source = id > pngs ? jpeg : id <= rgbaPNGs ? rgba : grey
                avatars[id] = LoopbackAvatar(bytes: TaggedPicture.tagged(source, "character \(id)"))
            }
            return avatars
        }

        @Test func fiftyPicturesClaiming4096SquaredStayWithinTheBudget() async throws {
            let work = try BuildWorkspace("rmwiki-claimed-size")
            defer { work.remove() }
            let world = SmallWorld.snapshot
            let snapshot = Snapshot(
                characters: (1...Self.count).map { SmallWorld.character($0, "Giant \($0)", origin: 1, location: 1, episodes: [1]) },
                locations: world.locations, episodes: world.episodes)
            try await LoopbackSession.with(LoopbackAPIServer(snapshot: snapshot, avatars: Self.pictures())) { _, base in
                let run = try await work.runMeasured(work.buildArguments(api: base))
                print("50 pictures claiming 4,096²: exit \(run.code), peak \(run.peakKiB >> 10) MiB")
                #expect(run.code == 0, "\(run.err)")
                #expect(run.peakKiB < Self.peakLimitKiB, "peak \(run.peakKiB >> 10) MiB")
                #expect(!run.err.contains("cannot be made smaller"), "\(run.err)")
                let folder = work.output.appendingPathComponent("images/characters")
                for id in 1...Self.count {
                    let page = try BuildFixture.text(work.output, "characters/\(id)/index.html")
                    #expect(page.contains("Giant \(id)"))
                    let fileExtension = id <= Self.rgbaPNGs ? "png" : "jpg"
                    for side in Self.sides {
                        let name = "\(id)-\(side).\(fileExtension)"
                        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name)")
                    }
                }
                let problems = try SiteChecker(root: work.output).problems()
                #expect(problems.isEmpty, "\(problems.prefix(5))")
            }
        }
    }
}
