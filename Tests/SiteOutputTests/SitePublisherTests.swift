import Foundation
@testable import SiteOutput
import Testing

@Suite("Publishing")
struct SitePublisherTests {
    @Test("the first publish creates the whole tree")
    func firstPublish() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let summary = try workspace.publisher.publish(Workspace.sampleFiles)
        #expect(summary.added == Workspace.sampleFiles.map(\.path).sorted())
        #expect(summary.updated.isEmpty && summary.removed.isEmpty && summary.unchanged.isEmpty)
        #expect(summary.line == "5 added, 0 updated, 0 removed, 0 unchanged")
        let snapshot = try workspace.snapshot()
        #expect(snapshot.folders == ["characters", "characters/1", "characters/2", "locations", "locations/1"])
        #expect(try workspace.text("characters/2/index.html") == "Morty")
        #expect(try workspace.rootEntries() == ["site"])
        #expect(workspace.isMarkedAsPublished())
    }

    @Test("an identical republish writes nothing: same mtimes, inodes and output folder")
    func identicalRepublish() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        let before = try workspace.snapshot()
        let folderInode = try workspace.inode(workspace.output.path)
        let summary = try workspace.publisher.publish(Workspace.sampleFiles.reversed())
        #expect(summary.line == "0 added, 0 updated, 0 removed, 5 unchanged")
        let after = try workspace.snapshot()
        #expect(after == before)
        // No switch happened: the output folder is the same inode.
        #expect(try workspace.inode(workspace.output.path) == folderInode)
        #expect(try workspace.rootEntries() == ["site"])
    }

    @Test("a change rewrites only that file; the others keep inode and mtime")
    func singleChange() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        let before = try workspace.snapshot()
        var files = Workspace.sampleFiles
        files[1] = SiteFile(path: "characters/1/index.html", text: "Rick Sanchez")
        let summary = try workspace.publisher.publish(files)
        #expect(summary.updated == ["characters/1/index.html"])
        #expect(summary.unchanged.count == 4 && summary.added.isEmpty && summary.removed.isEmpty)
        let after = try workspace.snapshot()
        #expect(after.rewrittenFiles(since: before) == ["characters/1/index.html"])
        #expect(try workspace.text("characters/1/index.html") == "Rick Sanchez")
        #expect(try workspace.rootEntries() == ["site"])
    }

    @Test("a same-size change is detected by content")
    func sameSizeChange() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish([SiteFile(path: "a.txt", text: "abc")])
        let summary = try workspace.publisher.publish([SiteFile(path: "a.txt", text: "abd")])
        #expect(summary.updated == ["a.txt"])
        #expect(try workspace.text("a.txt") == "abd")
    }

    @Test("files dropped from the list are removed, and so are the folders they leave empty")
    func removal() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        let kept = Workspace.sampleFiles.filter { !$0.path.hasPrefix("locations/") && $0.path != "characters/2/index.html" }
        let summary = try workspace.publisher.publish(kept)
        #expect(summary.removed == ["characters/2/index.html", "locations/1/index.html"])
        let snapshot = try workspace.snapshot()
        #expect(snapshot.folders == ["characters", "characters/1"])
        #expect(snapshot.files.keys.sorted() == kept.map(\.path).sorted())
    }

    @Test("leftover empty folders are removed even when no file changed")
    func leftoverEmptyFolder() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        try FileManager.default.createDirectory(at: workspace.output.appendingPathComponent("old/empty"), withIntermediateDirectories: true)
        let summary = try workspace.publisher.publish(Workspace.sampleFiles)
        #expect(!summary.hasChanges)
        #expect(try !workspace.snapshot().folders.contains("old"))
    }

    @Test("a dry run reports the changes and writes nothing, not even a staging folder")
    func dryRun() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let firstSummary = try workspace.publisher.publish(Workspace.sampleFiles, dryRun: true)
        #expect(firstSummary.added.count == 5)
        #expect(try workspace.rootEntries().isEmpty)

        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        let before = try workspace.snapshot()
        var files = Array(Workspace.sampleFiles.dropLast())
        files[0] = SiteFile(path: "index.html", text: "<h1>New</h1>")
        files.append(SiteFile(path: "episodes/1/index.html", text: "Pilot"))
        let summary = try workspace.publisher.publish(files, dryRun: true)
        #expect(summary.added == ["episodes/1/index.html"])
        #expect(summary.updated == ["index.html"])
        #expect(summary.removed == ["style.css"])
        #expect(summary.changeListing == ["+ episodes/1/index.html", "~ index.html", "- style.css"])
        #expect(try workspace.snapshot() == before)
        #expect(try workspace.rootEntries() == ["site"])
    }

    @Test("the same files in any order give byte-identical trees")
    func deterministic() throws {
        let first = try Workspace()
        let second = try Workspace()
        defer { first.remove(); second.remove() }
        _ = try first.publisher.publish(Workspace.sampleFiles)
        _ = try second.publisher.publish(Workspace.sampleFiles.reversed())
        #expect(try first.snapshot().hasSameContent(as: second.snapshot()))
    }

    @Test("a file can replace a folder and a folder a file")
    func fileAndFolderSwapPlaces() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish([SiteFile(path: "a/b.html", text: "1"), SiteFile(path: "c", text: "2")])
        let summary = try workspace.publisher.publish([SiteFile(path: "a", text: "3"), SiteFile(path: "c/d.html", text: "4")])
        #expect(summary.added == ["a", "c/d.html"])
        #expect(summary.removed == ["a/b.html", "c"])
        let snapshot = try workspace.snapshot()
        #expect(snapshot.folders == ["c"])
        #expect(try workspace.text("a") == "3")
    }

    @Test("publishing an empty site leaves an empty output folder")
    func emptySite() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        let summary = try workspace.publisher.publish([])
        #expect(summary.removed.count == 5)
        let snapshot = try workspace.snapshot()
        #expect(snapshot.files.isEmpty && snapshot.folders.isEmpty)
        #expect(FileManager.default.fileExists(atPath: workspace.output.path))
    }

    @Test("a switch keeps the permissions set on the output folder")
    func outputPermissionsKept() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: workspace.output.path)
        _ = try workspace.publisher.publish([SiteFile(path: "index.html", text: "new")])
        let attributes = try FileManager.default.attributesOfItem(atPath: workspace.output.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o750)
    }
}
