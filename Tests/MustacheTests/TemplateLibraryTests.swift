import Foundation
import Mustache
import Testing
import TestSupport

struct TemplateLibraryTests {
    @Test func loadsEveryMustacheFileWithFolderNames() throws {
        let folder = try SharedFixtures.temporaryDirectory("mustache-library")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("cards"), withIntermediateDirectories: true)
        try Data("<h1>{{title}}</h1>\n{{#people}}\n{{>cards/person}}\n{{/people}}\n".utf8)
            .write(to: folder.appendingPathComponent("page.mustache"))
        try Data("<p>{{name}}</p>\n".utf8).write(to: folder.appendingPathComponent("cards/person.mustache"))
        try Data("ignored".utf8).write(to: folder.appendingPathComponent("notes.txt"))

        let library = try TemplateLibrary(directory: folder, strict: true)
        #expect(library.templateNames == ["cards/person", "page"])
        let html = try library.render("page", ["title": "Wiki", "people": [["name": "Rick"], ["name": "Morty"]]])
        #expect(html == "<h1>Wiki</h1>\n<p>Rick</p>\n<p>Morty</p>\n")
    }

    @Test func aBrokenFileFailsTheWholeLibrary() throws {
        let folder = try SharedFixtures.temporaryDirectory("mustache-library")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("fine".utf8).write(to: folder.appendingPathComponent("a.mustache"))
        try Data("{{#oops}}".utf8).write(to: folder.appendingPathComponent("b.mustache"))
        let error = try #require(throws: MustacheError.self) { try TemplateLibrary(directory: folder) }
        #expect(error.templateName == "b")
    }

    @Test func aMissingDirectoryIsAnError() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/templates")
        let error = try #require(throws: MustacheError.self) { try TemplateLibrary(directory: missing) }
        #expect(error.kind == .unreadable("/nonexistent/templates"))
        #expect(error.description == "error: no template directory at '/nonexistent/templates'")
    }

    @Test func rendersAnExtraTemplateAgainstTheLibrary() throws {
        let library = try TemplateLibrary(templates: ["name": "<b>{{name}}</b>"])
        #expect(try library.render(source: "Hi {{>name}}!", name: "cli", context: ["name": "Rick"]) == "Hi <b>Rick</b>!")
        let extended = try library.adding(name: "greeting", source: "Hi {{>name}}!")
        #expect(try extended.render("greeting", ["name": "Morty"]) == "Hi <b>Morty</b>!")
    }

    @Test func addingATemplateResolvesEarlierReferencesToIt() throws {
        let library = try TemplateLibrary(templates: ["page": "[{{>late}}]"])
        #expect(try library.render("page", [:]) == "[]")
        #expect(try library.adding(name: "late", source: "here").render("page", [:]) == "[here]")
    }

    @Test func dynamicParentsPickTheirTemplateFromTheContext() throws {
        let library = try TemplateLibrary(templates: ["wide": "<w>{{$body}}{{/body}}</w>", "narrow": "<n>{{$body}}{{/body}}</n>"])
        let page = "{{<*layout}}{{$body}}{{text}}{{/body}}{{/layout}}"
        #expect(try library.render(source: page, context: ["layout": "narrow", "text": "hi"]) == "<n>hi</n>")
        #expect(try library.render(source: page, context: ["layout": "wide", "text": "hi"]) == "<w>hi</w>")
        let closedWithStar = "{{<*layout}}{{$body}}!{{/body}}{{/*layout}}"
        #expect(try library.render(source: closedWithStar, context: ["layout": "wide"]) == "<w>!</w>")
    }

    @Test func appendsIntoTheCallersBuffer() throws {
        let library = try TemplateLibrary(templates: ["t": "{{n}};"])
        var buffer = Array("start:".utf8)
        try library.render("t", ["n": 1], into: &buffer)
        try library.render("t", ["n": 2], into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "start:1;2;")
    }

    @Test func rendersConcurrentlyFromManyTasks() async throws {
        let library = try TemplateLibrary(templates: ["page": "{{#items}}{{>item}}{{/items}}", "item": "<{{.}}>"])
        let outputs = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for task in 0..<8 {
                group.addTask {
                    (task, try library.render("page", ["items": .array((0..<100).map { .int($0 * task) })]))
                }
            }
            return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
        }
        for (task, output) in outputs {
            #expect(output == (0..<100).map { "<\($0 * task)>" }.joined())
        }
    }

    @Test func sectionsFollowValueTruthiness() throws {
        let library = try TemplateLibrary(templates: ["t": "{{#v}}T{{/v}}{{^v}}F{{/v}}"])
        let cases: [(MustacheValue, String)] = [
            (true, "T"), (false, "F"), (nil, "F"), ("", "F"), ("x", "T"), (0, "T"), (0.0, "T"), ([], "F"), ([1], "T"),
            ([:], "T"),
        ]
        for (value, expected) in cases {
            #expect(try library.render("t", ["v": value]) == expected, "\(value)")
        }
    }

    @Test func literalsBuildValues() {
        let value: MustacheValue = ["s": "x", "i": 1, "d": 1.5, "b": false, "a": [1, "2"], "n": nil]
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members["a"] == .array([.int(1), .string("2")]))
        #expect(members["n"] == .null)
    }
}
