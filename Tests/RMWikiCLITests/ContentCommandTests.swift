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
