import Foundation
@testable import SiteOutput
import Testing

@Suite("Copied files")
struct CopyContentTests {
    @Test("a .copy file is hard-linked from its source on the same filesystem")
    func hardLinked() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let source = try workspace.writeSource("avatar-1.jpeg", "jpeg bytes")
        let summary = try workspace.publisher.publish([SiteFile(path: "avatars/1.jpeg", content: .copy(sourcePath: source))])
        #expect(summary.added == ["avatars/1.jpeg"])
        #expect(try workspace.text("avatars/1.jpeg") == "jpeg bytes")
        #expect(try workspace.inode(workspace.output.appendingPathComponent("avatars/1.jpeg").path) == workspace.inode(source))
    }

    @Test("an unchanged .copy file is left alone; a source replaced by rename updates it")
    func unchangedThenReplaced() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let source = try workspace.writeSource("avatar.jpeg", "old")
        let files = [SiteFile(path: "avatar.jpeg", content: .copy(sourcePath: source))]
        _ = try workspace.publisher.publish(files)
        let before = try workspace.snapshot()
        #expect(try workspace.publisher.publish(files).unchanged == ["avatar.jpeg"])
        #expect(try workspace.snapshot() == before)

        let replacement = try workspace.writeSource("avatar.tmp", "new")
        #expect(rename(replacement, source) == 0)
        #expect(try workspace.publisher.publish(files).updated == ["avatar.jpeg"])
        #expect(try workspace.text("avatar.jpeg") == "new")
    }

    @Test("a .copy whose bytes equal the published file is unchanged even from another inode")
    func equalBytesOtherInode() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish([SiteFile(path: "a.jpeg", text: "same")])
        let before = try workspace.snapshot()
        let source = try workspace.writeSource("a.jpeg", "same")
        let summary = try workspace.publisher.publish([SiteFile(path: "a.jpeg", content: .copy(sourcePath: source))])
        #expect(summary.unchanged == ["a.jpeg"])
        #expect(try workspace.snapshot() == before)
    }

    @Test("a site mixing .bytes and .copy round-trips through a republish")
    func mixed() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let source = try workspace.writeSource("logo.svg", "<svg/>")
        let files = Workspace.sampleFiles + [SiteFile(path: "images/logo.svg", content: .copy(sourcePath: source))]
        _ = try workspace.publisher.publish(files)
        let summary = try workspace.publisher.publish(files)
        #expect(summary.unchanged.count == 6 && !summary.hasChanges)
    }
}
