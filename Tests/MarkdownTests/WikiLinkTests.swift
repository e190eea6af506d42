import Testing
@testable import Markdown

/// The hooks a wiki needs: `[[…]]` read by the inline parser as a node of its own (so CommonMark's code, HTML and
/// destinations keep it), each node's place in the input, and rendering with a resolver, heading levels and
/// element attributes.
@Suite struct MarkdownWikiLinkTests {
    static let wiki = MarkdownOptions(wikiLinks: true)

    static func wikiLinks(_ document: MarkdownDocument) -> [MarkdownNode] {
        document.descendants().filter { document.kind($0) == .wikiLink }
    }

    @Test func bothFormsAreNodesWithTargetLabelAndSource() {
        let document = MarkdownDocument(parsing: "See [[ Squanchy ]] and [[character:47 | the bird]].", options: Self.wiki)
        let links = Self.wikiLinks(document)
        #expect(links.map(document.literal) == ["Squanchy", "character:47"])
        #expect(links.map(document.wikiLinkLabel) == [nil, "the bird"])
        #expect(links.map(document.wikiLinkSource) == ["[[ Squanchy ]]", "[[character:47 | the bird]]"])
        #expect(document.renderHTML() == "<p>See [[ Squanchy ]] and [[character:47 | the bird]].</p>\n", "no resolver: as written")
    }

    @Test func offByDefaultTheBracketsAreCommonMark() {
        let plain = MarkdownDocument(parsing: "[[Squanchy]] [[a]]\n\n[a]: /x\n")
        #expect(Self.wikiLinks(plain).isEmpty)
        #expect(plain.renderHTML() == "<p>[[Squanchy]] [<a href=\"/x\">a</a>]</p>\n")
    }

    /// Every place CommonMark says is not text: the page shows what cmark shows, with no wiki-link node.
    static let codeBorne: [String] = [
        "    [[Squanchy]] in indented code\n",
        "> ```\n> [[Squanchy]]\n> ```\n",
        "- item\n\n  ```\n  [[Squanchy]]\n  ```\n",
        "1. ~~~\n   [[Birdperson]]\n   ~~~\n",
        "a `code over\n[[Squanchy]] two lines` b\n",
        "``[[Squanchy]]``\n",
        "<div>\n[[Squanchy]]\n</div>\n",
        "<!-- [[Squanchy]]\nstill a comment -->\n",
        "x <span title=\"[[Squanchy]]\">y</span>\n",
        "[x](http://e.org/[[Squanchy]])\n",
        "[x](<http://e.org/[[Squanchy]]> \"[[Birdperson]]\")\n",
        "[x]\n\n[x]: http://e.org/[[Squanchy]] \"[[Birdperson]]\"\n",
        "<http://e.org/[[Squanchy]]>\n",
        "\\[[Squanchy]]\n",
        "[[ ]] and [[]] and [[a\nb]] and [[a[b]]\n",
    ]

    @Test(arguments: codeBorne)
    func codeHTMLAndDestinationsKeepTheirBrackets(_ text: String) {
        let wiki = MarkdownDocument(parsing: text, options: MarkdownOptions(unsafe: true, wikiLinks: true))
        #expect(Self.wikiLinks(wiki).isEmpty)
        let resolved = wiki.renderHTML(HTMLRendering(resolver: { document, node in
            document.kind(node) == .wikiLink ? ResolvedLink(destination: "/resolved/") : nil
        }))
        #expect(resolved == MarkdownDocument(parsing: text, options: MarkdownOptions(unsafe: true)).renderHTML())
        #expect(!resolved.contains("/resolved/"))
    }

    @Test func aResolverWritesWikiLinksLinksAndImages() {
        let text = "# Top\n\n[[Rick]] [[Rick|Grandpa]] [[x]] [site](https://e.org) ![p](images/a.png)\n\n    code\n\n| a |\n| - |\n| b |\n\nline  \nbreak\n\n---\n"
        let document = MarkdownDocument(parsing: text, options: Self.wiki)
        let rendering = HTMLRendering(
            minimumHeadingLevel: 2, attributes: [.codeBlock: [HTMLAttribute("tabindex", "0")], .table: [HTMLAttribute("tabindex", "0")]],
            selfClosingVoidElements: false,
            resolver: { document, node in
                switch document.kind(node) {
                case .wikiLink where document.literal(node) == "Rick":
                    return ResolvedLink(destination: "/characters/1/", text: document.wikiLinkLabel(node) ?? "Rick \"Sanchez\"",
                                        attributes: [HTMLAttribute("lang", "en")])
                case .image: return ResolvedLink(destination: "/shared/" + document.literal(node), attributes: [HTMLAttribute("width", "3")])
                default: return nil
                }
            })
        #expect(document.renderHTML(rendering) == """
            <h2>Top</h2>
            <p><a href="/characters/1/" lang="en">Rick &quot;Sanchez&quot;</a> <a href="/characters/1/" lang="en">Grandpa</a> [[x]] \
            <a href="https://e.org">site</a> <img src="/shared/images/a.png" width="3" alt="p"></p>
            <pre tabindex="0"><code>code
            </code></pre>
            <table tabindex="0">
            <thead>
            <tr>
            <th>a</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td>b</td>
            </tr>
            </tbody>
            </table>
            <p>line<br>
            break</p>
            <hr>

            """)
        #expect(document.renderHTML(HTMLRendering(headingLevelOffset: 2)).hasPrefix("<h3>Top</h3>"))
        #expect(document.renderHTML(HTMLRendering(headingLevelOffset: 9)).hasPrefix("<h6>Top</h6>"))
    }

    @Test func headingIdsAndSummariesUseTheResolvedWords() {
        var document = MarkdownDocument(parsing: "See [[character:1]].\n\n## About [[character:1]]\n", options: Self.wiki)
        document.options.headingIDs = true
        let resolver: MarkdownLinkResolver = { _, _ in ResolvedLink(destination: "/c/1/", text: "Rick Sanchez") }
        #expect(document.summary(resolver: resolver) == "See Rick Sanchez.")
        #expect(document.headings(resolver: resolver).map(\.id) == ["about-rick-sanchez"])
        #expect(document.renderHTML(HTMLRendering(resolver: resolver)).contains("<h2 id=\"about-rick-sanchez\">"))
        #expect(document.headings.map(\.id) == ["about-character-1"], "without a resolver: the target as written")
    }

    @Test func aWikiLinkInsideLinkTextEndsTheOuterLinkAsALinkInALinkDoes() {
        let document = MarkdownDocument(parsing: "[see [[Rick]]](/x)", options: Self.wiki)
        let html = document.renderHTML(HTMLRendering(resolver: { _, _ in ResolvedLink(destination: "/r/") }))
        #expect(html == "<p>[see <a href=\"/r/\">Rick</a>](/x)</p>\n")
    }

    @Test func nodesKnowTheirLineAndByteColumn() {
        let text = "# Head [[A]]\n\n> - one\n>   two [[B]] *em*\n\n[d]: /u\nafter [[C]]\n\nx\t[[D]]\n| h |\n| - |\n| [[E]] |\n"
        let document = MarkdownDocument(parsing: text, options: Self.wiki)
        func at(_ node: MarkdownNode) -> [Int] { let p = document.position(node); return [p.line, p.column] }
        #expect(Self.wikiLinks(document).map(at) == [[1, 8], [4, 9], [7, 7], [9, 3], [12, 1]])
        let kinds = document.descendants().map { (document.kind($0), at($0)) }
        #expect(kinds.first { $0.0 == .blockQuote }?.1 == [3, 1])
        #expect(kinds.first { $0.0 == .item }?.1 == [3, 3])
        #expect(kinds.first { $0.0 == .emphasis }?.1 == [4, 15])
        #expect(kinds.first { $0.0 == .heading }?.1 == [1, 1])
    }

    /// cmark's `max_ref_size`: reference links together expand to at most the input's size (at least 100,000 bytes).
    /// A 40 KB file using a 20 KB destination 5,000 times makes 5 links, not 100 MB.
    @Test func expandedReferencesAreCappedAsCmarkCapsThem() {
        let text = "[a]: /" + String(repeating: "u", count: 19_999) + "\n\n" + String(repeating: "[a] ", count: 5000) + "\n"
        let html = MarkdownDocument(parsing: text).renderHTML()
        #expect(html.components(separatedBy: "<a href").count - 1 == 5)
        #expect(html.utf8.count < 130_000)
        let small = MarkdownDocument(parsing: "[a]: /u \"t\"\n\n" + String(repeating: "[a] ", count: 1000)).renderHTML()
        #expect(small.components(separatedBy: "<a href").count - 1 == 1000, "under the budget every use is a link")
    }
}
