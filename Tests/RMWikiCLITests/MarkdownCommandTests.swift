import Foundation
import TestSupport
import Testing
@testable import RMWikiCLI

@Suite struct MarkdownCommandTests {
    func write(_ bytes: [UInt8], in folder: URL) throws -> String {
        let url = folder.appendingPathComponent("page.md")
        try Data(bytes).write(to: url)
        return url.path
    }

    @Test func safeWithExtensionsByDefault() async throws {
        let folder = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try write(Array("# Hi\n\n~~old~~ <b>x</b> [a](javascript:alert(1))\n".utf8), in: folder)
        let result = await ConsoleRecorder.run(["markdown", file])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out == "<h1>Hi</h1>\n<p><del>old</del> <!-- raw HTML omitted -->x<!-- raw HTML omitted --> <a href=\"\">a</a></p>\n")
    }

    @Test func unsafeAndNoExtensionsGivePlainCommonMark() async throws {
        let folder = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try write(Array("~~old~~ <b>x</b> www.example.com\n".utf8), in: folder)
        let result = await ConsoleRecorder.run(["markdown", "--unsafe", "--no-extensions", file])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out == "<p>~~old~~ <b>x</b> www.example.com</p>\n")
    }

    @Test func badUTF8NamesTheByteOffset() async throws {
        let folder = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try write(Array("caf".utf8) + [0xE9] + Array(" au lait\n".utf8), in: folder)
        let result = await ConsoleRecorder.run(["markdown", file])
        #expect(result.code == 1)
        #expect(result.err == "rmwiki: markdown: \(file) is not UTF-8: byte 0xE9 at offset 3")
        #expect(result.out.isEmpty)
    }

    @Test func aMissingFileIsAnIOError() async throws {
        let folder = try SharedFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("nothing.md").path
        let result = await ConsoleRecorder.run(["markdown", missing])
        #expect(result.code == 5)
        #expect(result.err == "rmwiki: markdown: \(missing) does not exist")
    }
}
