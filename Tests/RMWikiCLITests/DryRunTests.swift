import Foundation
import TestSupport
import Testing
@testable import RMWikiCLI

@Suite struct DryRunTests {
    func theme() -> [String] { ["--templates", ProjectTheme.templates.path, "--public", ProjectTheme.publicFolder.path] }

    @Test func aDryRunListsTheChangesAndWritesNothing() async throws {
        let work = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let output = work.appendingPathComponent("site")
        let first = await ConsoleRecorder.run(["build", "--demo", "--dry-run", "--output", output.path] + theme())
        #expect(first.code == 0, "\(first.err)")
        #expect(first.out.contains("+ index.html\n") && first.out.contains("+ fr/characters/1/index.html\n"))
        // 167 files: among them, in both languages, a What's new page for each of the 4 days the demo's records were
        // created, the characters index in its three orders, 15 pages of dimensions (2), species (6), types (1) and
        // seasons (2) with their four indexes, the offline and random pages, the manifest and the offline list; and
        // the service worker.
        #expect(first.out.contains("would publish: 167 added, 0 updated, 0 removed, 0 unchanged"), "\(first.out)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).isEmpty, "nothing written, not even a lock file")

        let build = await ConsoleRecorder.run(["build", "--demo", "--output", output.path] + theme())
        #expect(build.code == 0)
        let again = await ConsoleRecorder.run(["build", "--demo", "--dry-run", "--output", output.path] + theme())
        #expect(again.out.contains("would publish: 0 added, 0 updated, 0 removed, 167 unchanged"), "\(again.out)")
    }

    @Test func aDryRunNeverFetches() async throws {
        let work = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = await ConsoleRecorder.run([
            "build", "--dry-run", "--api", "http://127.0.0.1:9/api", "--cache", work.appendingPathComponent("cache").path,
            "--output", work.appendingPathComponent("site").path,
        ] + theme())
        #expect(result.code == ExitCode.dataError.rawValue)
        #expect(result.err.contains("no cached data"), "\(result.err)")
    }
}
