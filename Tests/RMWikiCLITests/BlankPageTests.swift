import Foundation
import TestSupport
import Testing
@testable import RMWikiCLI

/// An emptied `layout.mustache` used to publish every page as 0 bytes with exit 0 (issue 29.8): a page that
/// renders to nothing but whitespace fails the build with exit 4, and the published site stays as it was.
@Suite struct BlankPageTests {
    @Test(arguments: ["", " \n\t\n"])
    func aBlankLayoutFailsTheBuildAndPublishesNothing(layout: String) async throws {
        let work = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let templates = work.appendingPathComponent("my-theme")
        try FileManager.default.copyItem(at: ProjectTheme.templates, to: templates)
        let output = work.appendingPathComponent("site")
        let build = ["build", "--demo", "--output", output.path, "--templates", templates.path, "--public", ProjectTheme.publicFolder.path]
        let first = await ConsoleRecorder.run(build)
        #expect(first.code == 0, "\(first.err)")
        let published = DirectoryDigest.contents(of: output)
        let before = try FileManager.default.contentsOfDirectory(atPath: work.path).sorted()

        try Data(layout.utf8).write(to: templates.appendingPathComponent("layout.mustache"))
        for extra in [[], ["--dry-run"]] {
            let blank = await ConsoleRecorder.run(build + extra)
            #expect(blank.code == ExitCode.templateError.rawValue, "\(blank.err)")
            let layoutPath = templates.appendingPathComponent("layout.mustache").path
            #expect(blank.err.contains("rendered empty from \(templates.path)/"), "\(blank.err)")
            #expect(blank.err.contains("this template is empty: \(layoutPath)"), "\(blank.err)")
            #expect(blank.err.contains("index.html"), "names the page: \(blank.err)")
            #expect(blank.err.split(separator: "\n").count == 1, "one line: \(blank.err)")
            #expect(DirectoryDigest.contents(of: output) == published, "the published site is untouched")
            #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).sorted() == before, "nothing left beside it")
        }
    }
}
