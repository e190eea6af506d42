import Foundation
@testable import SiteOutput
import Testing

@Suite("Publishing file by file")
struct PublishSessionTests {
    @Test("a changed file is in the staging folder as soon as it is handed over, and the output is untouched until finish")
    func filesAreStagedAsTheyCome() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        let before = try workspace.snapshot()
        let session = try workspace.publisher.session()
        try session.add(SiteFile(path: "characters/1/index.html", text: "Rick Sanchez"))
        let staging = try #require(try workspace.rootEntries().first { $0.contains(".staging-") })
        let staged = workspace.root.appendingPathComponent(staging + "/characters/1/index.html")
        #expect(try String(contentsOf: staged, encoding: .utf8) == "Rick Sanchez", "written when added, not at the end")
        #expect(try workspace.snapshot() == before)
        for file in Workspace.sampleFiles where file.path != "characters/1/index.html" { try session.add(file) }
        let summary = try session.finish()
        #expect(summary.line == "0 added, 1 updated, 0 removed, 4 unchanged")
        #expect(try workspace.text("characters/1/index.html") == "Rick Sanchez")
        #expect(try workspace.rootEntries() == ["site"])
    }

    @Test("a check failing just before the switch leaves the output, and what was written into it, as they were")
    func theCheckBeforeTheSwitchCanRefuse() throws {
        struct Refused: Error {}
        let workspace = try Workspace()
        defer { workspace.remove() }
        let session = try workspace.publisher.session { throw Refused() }
        for file in Workspace.sampleFiles { try session.add(file) }
        // Written after the session read the (missing) output, as someone would during a long fetch.
        try FileManager.default.createDirectory(at: workspace.output, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: workspace.output.appendingPathComponent("notes.txt"))
        #expect(throws: Refused.self) { try session.finish() }
        session.abandon()
        #expect(try workspace.rootEntries() == ["site"], "no staging folder left")
        #expect(!workspace.isMarkedAsPublished(), "the folder is not claimed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.output.path) == ["notes.txt"])
    }

    @Test("files handed over from many threads publish the same tree as the whole list")
    func concurrentFeedMatchesTheList() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let files = (1...300).map { SiteFile(path: "characters/\($0)/index.html", text: "character \($0)") }
            + [SiteFile(path: "index.html", text: "home")]
        let session = try workspace.publisher.session()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in stride(from: worker, to: files.count, by: 4) { try? session.add(files[index]) }
        }
        #expect(try session.finish().added == files.map(\.path).sorted())
        let streamed = try workspace.snapshot()
        let other = try Workspace()
        defer { other.remove() }
        _ = try other.publisher.publish(files)
        #expect(streamed.hasSameContent(as: try other.snapshot()))
        #expect(streamed.files.count == files.count)
    }

    @Test("a session that finds nothing changed makes no staging folder, and an abandoned one leaves the output as it was")
    func noChangeAndAbandon() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        let before = try workspace.snapshot()
        let unchanged = try workspace.publisher.session()
        for file in Workspace.sampleFiles {
            try unchanged.add(file)
            #expect(try workspace.rootEntries() == ["site"])
        }
        #expect(try unchanged.finish().unchanged.count == Workspace.sampleFiles.count)
        let abandoned = try workspace.publisher.session()
        try abandoned.add(SiteFile(path: "index.html", text: "<h1>Other</h1>"))
        #expect(try workspace.rootEntries().count == 2, "the changed page is staged")
        abandoned.abandon()
        #expect(try workspace.snapshot() == before)
        #expect(try workspace.rootEntries() == ["site"])
    }

    @Test("a path handed over twice, or a file where a folder is needed, is refused as it comes")
    func clashesAreRefusedAsTheyCome() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let session = try workspace.publisher.session()
        try session.add(SiteFile(path: "a/b.html", text: "1"))
        #expect(throws: SiteOutputError.duplicatePath("a/b.html")) { try session.add(SiteFile(path: "a/b.html", text: "2")) }
        #expect(throws: SiteOutputError.fileFolderConflict(file: "a", nestedFile: "a/b.html")) {
            try session.add(SiteFile(path: "a", text: "3"))
        }
        session.abandon()
        #expect(try workspace.rootEntries().isEmpty)
    }
}
