import Foundation
@testable import SiteOutput
import Testing

@Suite("Leftovers of killed builds")
struct StaleStagingTests {
    /// What SIGKILL can leave: a half-filled staging folder (killed before the switch) and an old
    /// tree under a staging name (killed after the switch, before its deletion).
    private func makeLeftovers(in workspace: Workspace) throws -> [URL] {
        let halfFilled = workspace.root.appendingPathComponent(".site.staging-999999")
        let oldTree = workspace.root.appendingPathComponent(".site.staging-999998")
        for folder in [halfFilled, oldTree] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("characters/1"), withIntermediateDirectories: true)
            try Data("partial".utf8).write(to: folder.appendingPathComponent("characters/1/index.html"))
        }
        return [halfFilled, oldTree]
    }

    @Test("stale staging folders are deleted by the next build, even a no-change one")
    func cleanedByNextBuild() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        let before = try workspace.snapshot()
        _ = try makeLeftovers(in: workspace)
        let summary = try workspace.publisher.publish(Workspace.sampleFiles)
        #expect(!summary.hasChanges)
        #expect(try workspace.rootEntries() == ["site"])
        #expect(try workspace.snapshot() == before)
    }

    @Test("the standby record's temporary file, left by a write killed after a switch, goes with the next publish")
    func killedRecordWriteCleaned() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        try Data("rmwiki standby 1\n".utf8).write(to: workspace.root.appendingPathComponent(".site.standby-state.tmp"))
        #expect(try !workspace.publisher.publish(Workspace.sampleFiles).hasChanges)
        #expect(try workspace.rootEntries() == ["site"])
    }

    @Test("a dry run leaves stale staging folders alone")
    func dryRunDoesNotClean() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        _ = try makeLeftovers(in: workspace)
        _ = try workspace.publisher.publish(Workspace.sampleFiles, dryRun: true)
        #expect(try workspace.rootEntries() == [".site.staging-999998", ".site.staging-999999"])
    }

    @Test("a staging folder locked by a live build is kept")
    func liveStagingKept() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let live = try makeLeftovers(in: workspace)[0]
        let descriptor = open(live.path, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        #expect(try workspace.rootEntries() == [".site.staging-999999", "site"])
    }

    @Test("other folders beside the output are never touched")
    func neighboursKept() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        for name in [".site2.staging-1", "site.staging-1", ".other.staging-1"] {
            try FileManager.default.createDirectory(at: workspace.root.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        _ = try workspace.publisher.publish(Workspace.sampleFiles)
        #expect(try workspace.rootEntries() == [".other.staging-1", ".site2.staging-1", "site", "site.staging-1"])
    }
}
