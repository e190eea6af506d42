import Markdown
import Testing

@Suite struct MarkdownDocumentTests {
    let source = """
        # Rick *Sanchez*

        The smartest man in the universe. See [Morty](/characters/2 "Grandson") and ![portrait](/img/rick.png).

        ## Family
        Text.

        ## Family

        Family
        ======

        ## !!!
        """

    @Test func headingsForATableOfContentsWithStableUniqueIDs() {
        let document = MarkdownDocument(parsing: source)
        let headings = document.headings
        #expect(headings.map(\.level) == [1, 2, 2, 1, 2])
        #expect(headings.map(\.text) == ["Rick Sanchez", "Family", "Family", "Family", "!!!"])
        #expect(headings.map(\.id) == ["rick-sanchez", "family", "family-2", "family-3", "section"])
        // The same text always gives the same ids, and rendering with ids uses them.
        #expect(MarkdownDocument(parsing: source).headings.map(\.id) == headings.map(\.id))
        let html = MarkdownDocument(parsing: source, options: MarkdownOptions(headingIDs: true)).renderHTML()
        #expect(html.contains("<h1 id=\"rick-sanchez\">Rick <em>Sanchez</em></h1>"))
        #expect(html.contains("<h2 id=\"family-2\">Family</h2>"))
    }

    /// The page around a document has ids of its own: a heading never takes one, in the HTML or in `headings`.
    @Test func reservedIDsAreNeverGiven() {
        let options = MarkdownOptions(headingIDs: true, reservedIDs: ["family", "family-2", "main"])
        let document = MarkdownDocument(parsing: source + "\n# Main\n", options: options)
        #expect(document.headings.map(\.id) == ["rick-sanchez", "family-3", "family-4", "family-5", "section", "main-2"])
        let html = document.renderHTML()
        #expect(html.contains("<h2 id=\"family-3\">Family</h2>") && html.contains("<h1 id=\"main-2\">Main</h1>"))
        #expect(!html.contains("id=\"family\"") && !html.contains("id=\"main\""))
    }

    @Test func theFirstParagraphIsTheSummary() {
        let document = MarkdownDocument(parsing: source)
        #expect(document.summary == "The smartest man in the universe. See Morty and portrait.")
        #expect(MarkdownDocument(parsing: "# Only a title").summary == nil)
    }

    @Test func linksAndImagesInOrder() {
        let links = MarkdownDocument(parsing: source).links
        #expect(links.map(\.destination) == ["/characters/2", "/img/rick.png"])
        #expect(links.map(\.title) == ["Grandson", ""])
        #expect(links.map(\.text) == ["Morty", "portrait"])
        #expect(links.map(\.isImage) == [false, true])
    }

    @Test func theTreeCanBeWalked() {
        let document = MarkdownDocument(parsing: "> - a\n> - b\n\n```swift\nlet x = 1\n```\n")
        let top = document.children(document.root)
        #expect(top.map { document.kind($0) } == [.blockQuote, .codeBlock])
        #expect(document.extra(top[1]) == "swift")
        #expect(document.literal(top[1]) == "let x = 1\n")
        let items = document.descendants().filter { document.kind($0) == .item }
        #expect(items.map { document.plainText($0) } == ["a", "b"])
        #expect(items.allSatisfy { document.parent($0).map(document.kind) == .list })
    }
}
