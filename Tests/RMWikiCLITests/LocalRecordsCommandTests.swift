import Foundation
import TestSupport
import Testing
@testable import RMWikiCLI
@testable import WikiBuild

/// `--content`: where the content folder (local records included) comes from, and what a maintainer sees when its
/// local records are wrong or out of date.
@Suite struct LocalRecordsCommandTests {
    static func options(_ arguments: [String]) throws -> SiteOptions {
        try SiteOptions(ParsedArguments(arguments, spec: BuildCommand.spec), command: "build")
    }

    /// The folder a build reads, or nil for content handed over (the demo's).
    static func folder(_ arguments: [String]) throws -> ContentFolder? {
        guard case .folder(let folder) = try options(arguments).contentInput else { return nil }
        return folder
    }

    @Test func theDemoReadsItsOwnContentUnlessToldOtherwise() throws {
        guard case .files(let files) = try Self.options(["--demo"]).contentInput else {
            Issue.record("--demo reads the demo's content")
            return
        }
        #expect(files.contains { $0.path == "data/episodes.json" }, "the demo's local episode is part of its content")
        let given = try #require(try Self.folder(["--demo", "--content", "/tmp/fans"]))
        #expect(given.directory == URL(fileURLWithPath: "/tmp/fans") && given.required)
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("content")
        let byDefault = try #require(try Self.folder([]))
        #expect(byDefault.directory == here.standardizedFileURL && !byDefault.required)
        #expect(throws: UsageError(command: "build", message: "--content needs a folder")) {
            try Self.options(["--demo", "--content", ""])
        }
    }

    @Test func servePollsTheWholeContentFolder() throws {
        let options = try ServeTestRun.options(["--demo", "--content", "/tmp/fans"])
        let watched = ServeSession(options: options, console: ConsoleRecorder().console).watchedPaths.map(\.path)
        #expect(watched.contains("/tmp/fans"), "an edit to prose or a local record rebuilds the preview")
        #expect(!watched.contains("/tmp/fans/data"), "one path for the folder, data/ included")
    }

    @Test func badLocalDataExitsFourAndLeavesTheSiteAsItWas() async throws {
        let work = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let output = work.appendingPathComponent("site")
        let content = work.appendingPathComponent("content")
        let data = content.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let episodes = data.appendingPathComponent("episodes.json")
        let build = ["build", "--demo", "--quiet", "--content", content.path, "--output", output.path,
                     "--templates", ProjectTheme.templates.path, "--public", ProjectTheme.publicFolder.path]

        // An addition the (demo) API serves too: built, with a warning even with --quiet.
        try Data(#"[{"id": 6, "name": "Auto Erotic Assimilation", "air_date": "August 9, 2015", "episode": "S02E03"}]"#.utf8)
            .write(to: episodes)
        let served = await ConsoleRecorder.run(build)
        #expect(served.code == ExitCode.success.rawValue, "\(served.err)")
        #expect(served.err == "rmwiki: \(episodes.path): the API now serves episode 6 too; the local record is still used: "
            + "remove it from the file once the API's record is right")
        let before = DirectoryDigest.contents(of: output)

        try Data("[\n  {\"id\": 52, \"name\": \"Solaricks\", \"air_date\": \"September 4, 2022\", \"episode\": \"S06E01\",\n   \"cast\": []}\n]".utf8)
            .write(to: episodes)
        let failed = await ConsoleRecorder.run(build)
        #expect(failed.code == ExitCode.templateError.rawValue, "\(failed.err)")
        #expect(failed.err.hasPrefix("rmwiki: build failed: 1 mistake in the content (nothing was published):\n"
            + "\(episodes.path):3:4: unknown field 'cast' in episode 52: an episode has id, name, air_date, episode, characters, "
            + "url, created"), "\(failed.err)")
        #expect(DirectoryDigest.contents(of: output) == before)
    }
}
