import Foundation
import TestSupport
import Testing
@testable import RMWikiCLI

/// `--content DIR` from the command line: broken and ambiguous wiki links exit 4 with file:line:column and leave
/// the published site as it was; the demo has content of its own.
@Suite struct ContentCommandTests {
    func arguments(_ output: URL, _ extra: [String] = []) -> [String] {
        ["build", "--demo", "--quiet", "--output", output.path, "--templates", ProjectTheme.templates.path,
         "--public", ProjectTheme.publicFolder.path] + extra
    }

    @Test func aBrokenOrAmbiguousLinkExits4AndLeavesTheSiteAsItWas() async throws {
        let work = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let output = work.appendingPathComponent("site")
        let first = await ConsoleRecorder.run(arguments(output))
        #expect(first.code == 0, "\(first.err)")
        let before = DirectoryDigest.contents(of: output)
        let content = work.appendingPathComponent("fans")
        try FileManager.default.createDirectory(at: content.appendingPathComponent("articles"), withIntermediateDirectories: true)
        for (text, message) in [
            ("---\ntitle: Park\n---\nA trip to [[Anatomy Park]].", "fans/articles/park.md:4:11: [[Anatomy Park]] is ambiguous"),
            ("A trip to [[Nowhere]].", "fans/articles/park.md:1:11: [[Nowhere]] links to nothing"),
        ] {
            try Data(text.utf8).write(to: content.appendingPathComponent("articles/park.md"))
            let result = await ConsoleRecorder.run(arguments(output, ["--content", work.path + "/fans"]))
            #expect(result.code == ExitCode.templateError.rawValue, "\(result.err)")
            #expect(result.err.contains(message), "\(result.err)")
            let unchanged = DirectoryDigest.contents(of: output) == before
            #expect(unchanged, "nothing published")
        }
    }

    /// Mistakes in several files: one run lists them all, in file order, exits 4 and publishes nothing.
    @Test func everyMistakeOfARunIsListedAndItExits4() async throws {
        let work = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let output = work.appendingPathComponent("site")
        let content = work.appendingPathComponent("fans")
        for (path, text) in [
            ("articles/b.md", "---\ntitle: B\ncolour: red\n---\n[[Nowhere]]"), ("articles/a.md", "[[Anatomy Park]]"),
            ("data/episodes.json", #"[{"id": 60, "name": "S", "air_date": "someday", "episode": "S06E02"}]"#),
        ] {
            let file = content.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        let result = await ConsoleRecorder.run(arguments(output, ["--content", work.path + "/fans"]))
        #expect(result.code == ExitCode.templateError.rawValue, "\(result.err)")
        let lines = result.err.split(separator: "\n").map { $0.prefix { $0 != " " } }
        #expect(lines == ["rmwiki:", "\(work.path)/fans/articles/a.md:1:1:", "\(work.path)/fans/articles/b.md:3:1:",
                          "\(work.path)/fans/articles/b.md:5:1:", "\(work.path)/fans/data/episodes.json:1:38:"], "\(result.err)")
        #expect(result.err.hasPrefix("rmwiki: build failed: 4 mistakes in the content (nothing was published):\n"))
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing published")
    }

    /// `rmwiki check` runs the same checks and writes nothing: 0 for the demo's content, 4 listing every mistake of
    /// a folder with some, 3 without data to check against.
    @Test func checkExits0Or4AndWritesNothing() async throws {
        let work = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let theme = ["--templates", ProjectTheme.templates.path, "--public", ProjectTheme.publicFolder.path]
        let fine = await ConsoleRecorder.run(["check", "--demo"] + theme)
        #expect(fine.code == ExitCode.success.rawValue, "\(fine.err)")
        #expect(fine.err.isEmpty && fine.out.contains("checked 14 content files over 20 characters, 5 locations, 7 episodes: no mistakes"),
                "\(fine.out)")
        let content = work.appendingPathComponent("fans/articles")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try Data("---\ndate: 2026-02-30\n---\n[[Nowhere]] and [[Rick Sanchex]]".utf8).write(to: content.appendingPathComponent("a.md"))
        let before = try FileManager.default.contentsOfDirectory(atPath: work.path)
        let bad = await ConsoleRecorder.run(["check", "--demo", "--content", work.path + "/fans"] + theme)
        #expect(bad.code == ExitCode.templateError.rawValue)
        #expect(bad.err == "rmwiki: check failed: 3 mistakes in the content (nothing was published):\n"
            + "\(work.path)/fans/articles/a.md:2:7: date '2026-02-30' is not a real day\n"
            + "\(work.path)/fans/articles/a.md:4:1: [[Nowhere]] links to nothing: no character, location, episode or article is called so\n"
            + "\(work.path)/fans/articles/a.md:4:17: [[Rick Sanchex]] links to nothing: no character, location, episode or article "
            + "is called so; did you mean [[Rick Sanchez]]?", "\(bad.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == before, "nothing written")
        let noData = await ConsoleRecorder.run(["check", "--cache", work.appendingPathComponent("cache").path] + theme)
        #expect(noData.code == ExitCode.dataError.rawValue, "\(noData.err)")
    }

    @Test func aMissingContentFolderNamedOnTheCommandLineIsAnError() async throws {
        let work = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = await ConsoleRecorder.run(
            arguments(work.appendingPathComponent("site"), ["--content", work.appendingPathComponent("nothing").path]))
        #expect(result.code == ExitCode.ioError.rawValue, "\(result.err)")
        #expect(result.err.contains("no content folder at"), "\(result.err)")
    }

    @Test func theDemoHasAnIntroductionArticlesAndProseInBothLanguages() async throws {
        let work = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let output = work.appendingPathComponent("site")
        let result = await ConsoleRecorder.run(arguments(output))
        #expect(result.code == 0, "\(result.err)")
        func page(_ path: String) -> String {
            (try? String(decoding: Data(contentsOf: output.appendingPathComponent(path)), as: UTF8.self)) ?? ""
        }
        #expect(page("index.html").contains("home-introduction"))
        #expect(page("fr/index.html").contains("Voici la démo"))
        #expect(page("articles/portal-travel/index.html").contains("article-contents"))
        #expect(page("fr/articles/portal-travel/index.html").contains("Voyager par portail"))
        #expect(page("characters/1/index.html").contains("Biography"))
        #expect(page("characters/6/index.html").contains("mentions-heading"))
        #expect(page("fr/episodes/1/index.html").contains("Résumé"))
    }
}
