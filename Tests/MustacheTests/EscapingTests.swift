import Mustache
import Testing

struct EscapingTests {
    private func render(_ template: String, _ data: MustacheValue) throws -> String {
        try TemplateLibrary(templates: [:]).render(source: template, context: data)
    }

    @Test func escapesTheFiveHTMLCharacters() throws {
        #expect(try render("{{v}}", ["v": "a & b < c > d \" e ' f"]) == "a &amp; b &lt; c &gt; d &quot; e &#39; f")
    }

    @Test func escapesAtTheEdgesAndInRuns() throws {
        #expect(try render("{{v}}", ["v": "<<>>&"]) == "&lt;&lt;&gt;&gt;&amp;")
        #expect(try render("{{v}}", ["v": "'x'"]) == "&#39;x&#39;")
    }

    @Test func leavesOtherTextAndMultibyteCharactersAlone() throws {
        let text = "Rick Sánchez — 🧪 Bird-Person (C-137) = 100% \\ / ` {}"
        #expect(try render("{{v}}", ["v": .string(text)]) == text)
        let long = String(repeating: "plain text without specials ", count: 200)
        #expect(try render("{{v}}", ["v": .string(long)]) == long)
    }

    @Test func tripleMustacheAndAmpersandDoNotEscape() throws {
        #expect(try render("{{{v}}}{{&v}}", ["v": "<b>"]) == "<b><b>")
    }

    @Test func numbersAndBooleansRenderPlainly() throws {
        #expect(try render("{{i}} {{d}} {{w}} {{b}} {{n}}", ["i": 85, "d": 1.25, "w": 2.0, "b": true, "n": nil])
                == "85 1.25 2 true ")
        #expect(try render("{{i}}", ["i": .int(-9_007_199_254_740_993)]) == "-9007199254740993")
    }

    @Test func wholeDoublesPrintWithoutAFractionAtAnyMagnitude() throws {
        #expect(try render("{{a}} {{b}} {{c}} {{d}} {{e}}", ["a": 2.0, "b": 1e15, "c": 1e21, "d": -1.5e17, "e": 0x1p53])
                == "2 1000000000000000 1000000000000000000000 -150000000000000000 9007199254740992")
    }
}
