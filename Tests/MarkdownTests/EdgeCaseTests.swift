import Markdown
import Testing

/// Cases the differential runs and fuzzing turned up, fixed here so they stay fixed.
@Suite struct MarkdownEdgeCaseTests {
    static func html(_ markdown: String, _ options: MarkdownOptions = .commonMark) -> String {
        MarkdownDocument(parsing: markdown, options: options).renderHTML()
    }

    @Test func aTagOnALazyLineContinuesTheParagraph() {
        // A type 7 HTML block cannot interrupt a paragraph, lazy continuation lines included (as cmark 0.30).
        #expect(Self.html("- a\n<custom-tag>\nb\n") == "<ul>\n<li>a\n<custom-tag>\nb</li>\n</ul>\n")
    }

    @Test func openersBottomIsKeptPerCloserThatCanOpen() {
        // The spec's process emphasis keeps openers_bottom per length mod 3 and per "can also open": a closer
        // that can open failing the rule of 3 must not hide the opener from a later closer (cmark-gfm agrees).
        #expect(Self.html("_&__>_") == "<p><em>&amp;__&gt;</em></p>\n")
        #expect(Self.html("__:_;__") == "<p><strong>:_;</strong></p>\n")
    }

    @Test func aLineOfOnlyAPipeEndsATable() {
        // cmark-gfm's table extension reads no cell in it, so it is no row: the table ends and the line starts a
        // paragraph (rust-lang/book's appendix has 103 of them), where an empty row was written before.
        let table = "<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n</tr>\n</tbody>\n</table>\n"
        #expect(Self.html("| a |\n| - |\n| 1 |\n|\n| 2 |\n", MarkdownOptions()) == table + "<p>|\n| 2 |</p>\n")
        #expect(Self.html("| a |\n| - |\n| 1 |\n  |  \n", MarkdownOptions()) == table + "<p>|</p>\n")
    }

    @Test func aLazyLineAfterAHardBreakLosesItsLeadingSpaces() {
        // A paragraph's lines lose their leading spaces and tabs, lazy ones too.
        #expect(Self.html(">\\\n\t\"") == "<blockquote>\n<p><br />\n&quot;</p>\n</blockquote>\n")
    }

    @Test func emailAutolinksAcrossManyParagraphs() {
        let markdown = String(repeating: "write to fan@example.org\n\n", count: 3)
        #expect(Self.html(markdown, MarkdownOptions()) == String(
            repeating: "<p>write to <a href=\"mailto:fan@example.org\">fan@example.org</a></p>\n", count: 3))
    }
}
