import Foundation
@testable import SiteOutput
import Testing

@Suite("Failures leave the published site untouched")
struct PublishFailureTests {
    @Test("a missing .copy source fails with a clear message before anything is written")
    func missingCopySource() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        let before = try workspace.snapshot()
        let missing = workspace.root.appendingPathComponent("cache/avatar-9.jpeg").path
        let files = Workspace.sampleFiles + [SiteFile(path: "avatars/9.jpeg", content: .copy(sourcePath: missing))]
        let error = try #require(throws: SiteOutputError.self) { try workspace.publisher.publish(files) }
        #expect(error == .copySourceUnreadable(path: "avatars/9.jpeg", source: missing, errno: ENOENT))
        #expect(error.description.contains(missing) && error.description.contains("published site was left unchanged"))
        #expect(try workspace.snapshot() == before)
        #expect(try workspace.rootEntries() == ["site"])
    }

    @Test("a write failing mid-way removes the staging folder and keeps the published tree")
    func failureWhileStaging() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        let before = try workspace.snapshot()
        // Sorted last, so every other file is already staged when this name is refused (ENAMETOOLONG).
        let tooLong = "zz/" + String(repeating: "x", count: 300) + ".html"
        var files = Workspace.sampleFiles
        files[0] = SiteFile(path: "index.html", text: "changed")
        files.append(SiteFile(path: tooLong, text: "never"))
        let error = try #require(throws: SiteOutputError.self) { try workspace.publisher.publish(files) }
        guard case .io(let operation, _, let code) = error else {
            Issue.record("expected an I/O error, got \(error)")
            return
        }
        #expect(operation == "create" && code == ENAMETOOLONG)
        #expect(try workspace.snapshot() == before)
        #expect(try workspace.rootEntries() == ["site"])
    }

    @Test("the first publish failing leaves no output folder at all")
    func failedFirstPublish() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let files = [SiteFile(path: "a.html", text: "a"), SiteFile(path: "b/" + String(repeating: "y", count: 300), text: "b")]
        #expect(throws: SiteOutputError.self) { try workspace.publisher.publish(files) }
        #expect(try workspace.rootEntries().isEmpty)
        #expect(!workspace.isMarkedAsPublished(), "a folder never published is not claimed")
    }

    @Test("bad paths are refused", arguments: ["", "/etc/passwd", "a//b", "../escape", "a/./b", "a/", "a/..", ".", "..", "a/../b",
                                               "a\u{0}b", "/"])
    func invalidPath(path: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        #expect(throws: SiteOutputError.invalidPath(path)) {
            try workspace.publisher.publish([SiteFile(path: path, text: "x")])
        }
        #expect(try workspace.rootEntries().isEmpty)
    }

    @Test("names made of dots are paths like any other, but for . and ..")
    func dottedPaths() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let paths = [".htaccess", "a/...", "a/..b/c.html", "a.b/c", "...x/.y"]
        try workspace.publisher.publish(paths.map { SiteFile(path: $0, text: "x") })
        for path in paths { #expect(FileManager.default.fileExists(atPath: workspace.output.appendingPathComponent(path).path), "\(path)") }
    }

    @Test("duplicate paths and file/folder clashes are refused")
    func clashes() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        #expect(throws: SiteOutputError.duplicatePath("a.html")) {
            try workspace.publisher.publish([SiteFile(path: "a.html", text: "1"), SiteFile(path: "a.html", text: "2")])
        }
        #expect(throws: SiteOutputError.fileFolderConflict(file: "a", nestedFile: "a/b.html")) {
            try workspace.publisher.publish([SiteFile(path: "a", text: "1"), SiteFile(path: "a/b.html", text: "2")])
        }
        // Below a folder already claimed, and the other way round.
        #expect(throws: SiteOutputError.fileFolderConflict(file: "a/b", nestedFile: "a/b/c.html")) {
            try workspace.publisher.publish([SiteFile(path: "a/x.html", text: "1"), SiteFile(path: "a/b", text: "2"),
                                             SiteFile(path: "a/b/c.html", text: "3")])
        }
        #expect(throws: SiteOutputError.fileFolderConflict(file: "a/b", nestedFile: "a/b/c/d.html")) {
            try workspace.publisher.publish([SiteFile(path: "a/b/c/d.html", text: "1"), SiteFile(path: "a/b", text: "2")])
        }
    }

    @Test("an output path that is a file is refused")
    func outputIsAFile() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data("x".utf8).write(to: workspace.output)
        #expect(throws: SiteOutputError.outputNotADirectory(workspace.output.path)) {
            try workspace.publisher.publish(Workspace.sampleFiles)
        }
    }

    @Test("an output path that is a symlink is refused, so the switch never replaces a link")
    func outputIsASymlink() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let target = workspace.root.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: workspace.output, withDestinationURL: target)
        #expect(throws: SiteOutputError.outputNotADirectory(workspace.output.path)) {
            try workspace.publisher.publish(Workspace.sampleFiles)
        }
    }
}
