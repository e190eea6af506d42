import Foundation
import TestSupport
import Testing
@testable import RMWikiCLI

@Suite struct RenderCommandTests {
    func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func rendersATemplateWithDataAndPartials() async throws {
        let folder = try SharedFixtures.temporaryDirectory()
        let template = try write("{{#people}}{{>person}}{{/people}}", "page.mustache", in: folder)
        _ = try write("<b>{{name}}</b> is {{age}}\n", "partials/person.mustache", in: folder)
        let data = try write(#"{"people": [{"name": "Rick & Morty", "age": 70}]}"#, "data.json", in: folder)
        let result = await ConsoleRecorder.run(["render", template, "--data", data, "--partials", folder.appendingPathComponent("partials").path])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out == "<b>Rick &amp; Morty</b> is 70\n")
    }

    @Test func aBrokenTemplateNamesLineAndColumnAndExitsOne() async throws {
        let folder = try SharedFixtures.temporaryDirectory()
        let template = try write("line one\n  {{#open}} never closed", "broken.mustache", in: folder)
        let result = await ConsoleRecorder.run(["render", template])
        #expect(result.code == 1)
        #expect(result.err.contains("broken"))
        #expect(result.err.contains("2:3") || result.err.contains("line 2"), "\(result.err)")
        #expect(result.out.isEmpty)
    }

    @Test func badJSONIsAnErrorOnStandardError() async throws {
        let folder = try SharedFixtures.temporaryDirectory()
        let template = try write("{{x}}", "t.mustache", in: folder)
        let data = try write("{\"x\": ", "bad.json", in: folder)
        let result = await ConsoleRecorder.run(["render", template, "--data", data])
        #expect(result.code == 1)
        #expect(!result.err.isEmpty)
    }

    @Test func strictModeMakesAMissingVariableAnError() async throws {
        let folder = try SharedFixtures.temporaryDirectory()
        let template = try write("Hello {{nobody}}", "t.mustache", in: folder)
        #expect(await ConsoleRecorder.run(["render", template]).out == "Hello ")
        let strict = await ConsoleRecorder.run(["render", template, "--strict"])
        #expect(strict.code == 1)
        #expect(strict.err.contains("nobody"))
    }
}

/// A file `render` cannot use is named with what is wrong with it, not blamed on its encoding (issue 28.3).
@Suite struct RenderInputTests {
    @Test func aMissingTemplateOrDataFileSaysItDoesNotExist() async throws {
        let folder = try SharedFixtures.temporaryDirectory()
        let missing = folder.appendingPathComponent("nowhere.mustache").path
        let result = await ConsoleRecorder.run(["render", missing])
        #expect(result.code == 1)
        #expect(result.err == "rmwiki: render failed: \(missing) does not exist", "\(result.err)")

        let template = folder.appendingPathComponent("t.mustache")
        try Data("{{x}}".utf8).write(to: template)
        let data = folder.appendingPathComponent("gone.json").path
        let withData = await ConsoleRecorder.run(["render", template.path, "--data", data])
        #expect(withData.code == 1)
        #expect(withData.err == "rmwiki: render failed: \(data) does not exist", "\(withData.err)")
    }

    @Test func aFolderIsNotATemplate() async throws {
        let folder = try SharedFixtures.temporaryDirectory()
        let result = await ConsoleRecorder.run(["render", folder.path])
        #expect(result.code == 1)
        #expect(result.err == "rmwiki: render failed: cannot read \(folder.path): it is a folder", "\(result.err)")
    }

    @Test func bytesThatAreNotUTF8AreCalledThat() async throws {
        let folder = try SharedFixtures.temporaryDirectory()
        let template = folder.appendingPathComponent("latin1.mustache")
        try Data([0x63, 0x61, 0x66, 0xE9]).write(to: template)
        let result = await ConsoleRecorder.run(["render", template.path])
        #expect(result.code == 1)
        #expect(result.err == "rmwiki: render failed: \(template.path) is not UTF-8 text", "\(result.err)")
    }
}
