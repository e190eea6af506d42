import Foundation
import TestSupport
import Testing
@testable import RMWikiCLI

/// A page that links to a shared file the site does not have fails the build, naming the link.
@Suite struct MissingAssetTests {
    @Test func anEmptyPublicFolderFailsTheBuildAndPublishesNothing() async throws {
        let work = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let empty = work.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let output = work.appendingPathComponent("site")
        let result = await ConsoleRecorder.run(
            ["build", "--demo", "--output", output.path, "--templates", ProjectTheme.templates.path, "--public", empty.path])
        #expect(result.code == ExitCode.templateError.rawValue, "\(result.err)")
        // A link in a template, with its file, line and column.
        #expect(result.err.contains(try Regex(#"Templates/[a-z0-9-]+\.mustache:\d+:\d+: links to assets/"#)), "\(result.err)")
        #expect(result.err.contains("which is neither in \(empty.path) nor made by the build"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
