import Foundation
import Mustache
import Testing

struct JSONTests {
    @Test func integersStayIntegers() throws {
        let value = try MustacheValue(json: Array(#"{"id": 85, "score": 85.0, "ratio": 1.5, "big": 1e3, "neg": -0}"#.utf8))
        #expect(value == ["id": 85, "score": 85.0, "ratio": 1.5, "big": 1000.0, "neg": 0])
        let library = try TemplateLibrary(templates: ["t": "{{id}} {{ratio}}"])
        #expect(try library.render("t", value) == "85 1.5")
    }

    @Test func integersBeyondIntPrintTheirDigitsExactly() throws {
        let value = try MustacheValue(json: Array("[9223372036854775807, 123456789012345678901234567890, -9223372036854775809]".utf8))
        let library = try TemplateLibrary(templates: ["t": "{{#.}}{{.}} {{/.}}"])
        #expect(try library.render("t", value) == "9223372036854775807 123456789012345678901234567890 -9223372036854775809 ")
    }

    @Test func everyKindOfValue() throws {
        let json = #" { "s": "a\"b\\c\/d\n\t\u00e9\ud83e\udd52", "t": true, "f": false, "n": null, "a": [1, [], {}] } "#
        let value = try MustacheValue(json: Data(json.utf8))
        #expect(value == ["s": "a\"b\\c/d\n\té🥒", "t": true, "f": false, "n": nil, "a": [1, [], [:]]])
    }

    @Test(arguments: [
        (#"{"a": }"#, 1, 7), ("[1, 2,]", 1, 7), ("{\n  \"a\": 1,\n  \"b\" 2\n}", 3, 7), ("[01]", 1, 3),
        (#""unterminated"#, 1, 14), ("[1] x", 1, 5), ("", 1, 1), ("\"\\ud800\"", 1, 8), ("[\"\u{01}\"]", 1, 3),
        ("{'a': 1}", 1, 2), ("tru", 1, 1), ("[1.]", 1, 4), ("-", 1, 2),
    ])
    func badJSONNamesLineAndColumn(json: String, line: Int, column: Int) throws {
        let error = try #require(throws: MustacheError.self) { try MustacheValue(json: Array(json.utf8), sourceName: "data.json") }
        #expect(error.kind == .invalidJSON)
        #expect(error.templateName == "data.json")
        #expect(error.line == line, "\(json)")
        #expect(error.column == column, "\(json)")
        #expect(error.description.hasPrefix("error: invalid JSON: "))
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000)
        let error = try #require(throws: MustacheError.self) { try MustacheValue(json: Array(deep.utf8)) }
        #expect(error.kind == .invalidJSON)
    }

    @Test func invalidUTF8IsRejected() throws {
        #expect(throws: MustacheError.self) { try MustacheValue(json: [0x22, 0xFF, 0xFE, 0x22]) }
    }
}
