import Mustache
import Testing

/// Beyond the spec: how an indented standalone partial indents what it renders.
struct IndentationTests {
    private func render(_ template: String, _ partials: [String: String], _ data: MustacheValue) throws -> String {
        try TemplateLibrary(templates: partials).render(source: template, context: data)
    }

    @Test func everyRepetitionOfASectionInsideAnIndentedPartialIsIndented() throws {
        let list = "{{#items}}\n<li>{{.}}</li>\n{{/items}}\n"
        let output = try render("<ul>\n  {{>list}}\n</ul>\n", ["list": list], ["items": ["a", "b", "c"]])
        #expect(output == "<ul>\n  <li>a</li>\n  <li>b</li>\n  <li>c</li>\n</ul>\n")
    }

    @Test func inlineSectionTagsRepeatIndentedToo() throws {
        let list = "{{#items}}<li>{{.}}</li>\n{{/items}}"
        let output = try render("<ul>\n    {{>list}}\n</ul>\n", ["list": list], ["items": ["a", "b"]])
        #expect(output == "<ul>\n    <li>a</li>\n    <li>b</li>\n</ul>\n")
    }

    @Test func nestedPartialsAddTheirIndentation() throws {
        let output = try render("a\n  {{>outer}}\nz\n", ["outer": "b\n  {{>inner}}\n", "inner": "c\nd\n"], [:])
        #expect(output == "a\n  b\n    c\n    d\nz\n")
    }

    @Test func newlinesFromDataAreNeverIndented() throws {
        let output = try render("<div>\n  {{>pre}}\n</div>", ["pre": "<pre>{{text}}</pre>\n<p>{{{text}}}</p>\n"],
                                ["text": "x\ny"])
        #expect(output == "<div>\n  <pre>x\ny</pre>\n  <p>x\ny</p>\n</div>")
    }

    @Test func blankLinesGetNoTrailingWhitespace() throws {
        let output = try render("  {{>p}}\n", ["p": "a\n\nb\r\n\r\nc\n"], [:])
        #expect(output == "  a\n\n  b\r\n\r\n  c\n")
    }

    @Test func repeatedIndentedPartialInsideALoop() throws {
        let output = try render("<ul>\n{{#cards}}\n  {{>card}}\n{{/cards}}\n</ul>\n",
                                ["card": "<li>\n  {{name}}\n</li>\n"], ["cards": [["name": "Rick"], ["name": "Morty"]]])
        #expect(output == "<ul>\n  <li>\n    Rick\n  </li>\n  <li>\n    Morty\n  </li>\n</ul>\n")
    }

    @Test func inlinePartialsAreNotIndented() throws {
        let output = try render("  <b>{{>p}}</b>\n", ["p": "1\n2"], [:])
        #expect(output == "  <b>1\n2</b>\n")
    }

    @Test func indentedParentIndentsOverridesLikeItsOwnLines() throws {
        let layout = "<main>\n  {{$body}}\n  <p>default</p>\n  {{/body}}\n</main>\n"
        let page = "<body>\n  {{<layout}}\n  {{$body}}\n  <p>one</p>\n  <p>two</p>\n  {{/body}}\n  {{/layout}}\n</body>\n"
        let output = try render(page, ["layout": layout], [:])
        #expect(output == "<body>\n  <main>\n    <p>one</p>\n    <p>two</p>\n  </main>\n</body>\n")
    }

    @Test func aLineThatRendersNothingKeepsItsIndentation() throws {
        let output = try render("  {{>p}}\n", ["p": "a\n{{missing}}\n{{empty}}\n{{#no}}x{{/no}}\nb\n"], ["empty": "", "no": false])
        #expect(output == "  a\n  \n  \n  \n  b\n")
    }

    @Test func blankCRLFLinesAreTreatedLikeBlankLFLines() throws {
        let output = try render("  {{>p}}\r\n", ["p": "a\r\n\r\nb\n\nc\r\n"], [:])
        #expect(output == "  a\r\n\r\n  b\n\n  c\r\n")
    }

    @Test func aLineStartingWithALoneCarriageReturnIsIndented() throws {
        let output = try render("  {{>p}}\n", ["p": "a\n\rb\n\r{{x}}\n"], ["x": "c"])
        #expect(output == "  a\n  \rb\n  \rc\n")
    }
}
