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
        // The summary agrees with the list it follows, whatever the demo's page count is today.
        let listed = first.out.split(separator: "\n").filter { $0.hasPrefix("+ ") }.count
        #expect(listed > 100)
        #expect(first.out.contains("would publish: \(listed) added, 0 updated, 0 removed, 0 unchanged"), "\(first.out)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).isEmpty, "nothing written, not even a lock file")

        let build = await ConsoleRecorder.run(["build", "--demo", "--output", output.path] + theme())
        #expect(build.code == 0)
        let again = await ConsoleRecorder.run(["build", "--demo", "--dry-run", "--output", output.path] + theme())
        #expect(again.out.contains("would publish: 0 added, 0 updated, 0 removed, \(listed) unchanged"), "\(again.out)")
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
