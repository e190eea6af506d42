import Glibc
import Testing
@testable import Markdown

/// Adversarial inputs: parsing and rendering ten times the input must cost about ten times as much (a
/// quadratic path costs a hundred times), in time and in the document's memory. Time is this thread's
/// CPU time, so other work on a loaded machine does not skew the ratio.
@Suite struct MarkdownLinearTimeTests {
    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let size: Int
        let options: MarkdownOptions
        let make: @Sendable (Int) -> String

        init(description: String, size: Int, options: MarkdownOptions = MarkdownOptions(unsafe: true), make: @escaping @Sendable (Int) -> String) {
            self.description = description
            self.size = size
            self.options = options
            self.make = make
        }
    }

    static let wiki = MarkdownOptions(unsafe: true, wikiLinks: true)

    static func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

    static let cases: [Case] = [
        Case(description: "nested emphasis", size: 2000) { repeated("*a ", $0) + repeated(" a*", $0) },
        Case(description: "unmatched emphasis", size: 3000) { repeated("*a_ ", $0) },
        Case(description: "rule of three emphasis", size: 3000) { repeated("a**b*", $0) },
        Case(description: "strikethrough", size: 3000) { repeated("~a ", $0) + repeated(" a~~", $0) },
        Case(description: "open brackets", size: 5000) { repeated("[", $0) + "a" },
        Case(description: "open brackets, then a link", size: 5000) { repeated("[", $0) + "a](b)" },
        Case(description: "nested brackets", size: 3000) { repeated("[", $0) + "a" + repeated("]", $0) },
        Case(description: "links in link text", size: 3000) { repeated("[a](b", $0) },
        Case(description: "nested images", size: 2000) { repeated("![", $0) + "a" + repeated("](b)", $0) },
        Case(description: "shortcut references in brackets", size: 2000) { "[x]: /u\n" + repeated("[x", $0) + repeated("]", $0) },
        Case(description: "unclosed link destinations", size: 3000) { repeated("[a](", $0) },
        Case(description: "unclosed link titles", size: 3000) { repeated("[a](b \"", $0) },
        Case(description: "unclosed pointy destinations", size: 3000) { repeated("[a](<b", $0) },
        Case(description: "backtick runs of many lengths", size: 1000) { count in
            (1...count).map { String(repeating: "`", count: $0 % 40 + 1) + "a" }.joined()
        },
        Case(description: "unmatched backticks", size: 3000) { repeated("`a", $0) + repeated("``b", $0) },
        Case(description: "nested block quotes", size: 5000) { repeated(">", $0) + " a\n" },
        Case(description: "block quote lines", size: 3000) { repeated("> a\n", $0) },
        Case(description: "nested list markers", size: 5000) { repeated("- ", $0) + "a\n" },
        Case(description: "list items at every indent", size: 2000) { count in
            (0..<count).map { repeated(" ", $0 % 100) + "- a\n" }.joined()
        },
        Case(description: "deep list then blank lines", size: 3000) { repeated("- ", 200) + "a\n" + repeated("\n", $0) },
        Case(description: "link reference definitions", size: 2000) { repeated("[a]: /u\n", $0) + repeated("[a] ", $0) },
        Case(description: "unclosed HTML comments", size: 5000) { repeated("<!-- a ", $0) },
        Case(description: "unclosed processing instructions", size: 5000) { repeated("<? a ", $0) },
        Case(description: "unclosed declarations", size: 5000) { repeated("<!A ", $0) },
        Case(description: "unclosed CDATA", size: 5000) { repeated("<![CDATA[ ", $0) },
        Case(description: "unclosed attributes", size: 3000) { repeated("<a href=\"", $0) },
        Case(description: "HTML block openers", size: 3000) { repeated("<div>\n", $0) },
        Case(description: "entity-like text", size: 3000) { repeated("&amp", $0) },
        Case(description: "table rows", size: 1000) { "| a | b |\n| - | - |\n" + repeated("| c | d |\n", $0) },
        Case(description: "wide table", size: 2000) { repeated("|a", $0) + "\n" + repeated("|-", $0) + "\n" + repeated("|b", $0) + "\n" },
        Case(description: "autolink closing parentheses", size: 5000) { "www.a.b/" + repeated(")", $0) },
        Case(description: "e-mail @ runs", size: 5000) { repeated("a@", $0) + "b.c" },
        Case(description: "e-mail addresses in many paragraphs", size: 3000) { repeated("write to fan@example.org\n\n", $0) },
        Case(description: "thematic break lookalikes", size: 5000) { repeated("- ", $0) + "x\n" },
        Case(description: "setext underline after a long paragraph", size: 3000) { repeated("a\n", $0) + "===\n" },
        // A definition and its uses grow together: uncapped, the HTML would grow as their product (cmark's max_ref_size).
        Case(description: "a growing reference used a growing number of times", size: 500) {
            "[a]: /" + repeated("u", $0) + " \"" + repeated("t", $0) + "\"\n\n" + repeated("[a] ", $0)
        },
        Case(description: "wiki links", size: 3000, options: wiki) { repeated("[[a|b]] ", $0) },
        Case(description: "unclosed wiki links", size: 5000, options: wiki) { repeated("[[a", $0) },
        Case(description: "wiki links opened in brackets", size: 3000, options: wiki) { repeated("[[a]", $0) + repeated("]", $0) },
        Case(description: "wiki links over many lines", size: 3000, options: wiki) { repeated("[[a\n", $0) + "]]" },
    ]

    static func cpuNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The cheaper of two runs: CPU time and the document's size (nodes and stored bytes).
    static func measure(_ text: String, options: MarkdownOptions = MarkdownOptions(unsafe: true)) -> (time: UInt64, memory: Int) {
        var best = UInt64.max
        var memory = 0
        for _ in 0..<2 {
            let start = cpuNanoseconds()
            let document = MarkdownDocument(parsing: text, options: options)
            let html = document.renderHTMLBytes()
            best = min(best, cpuNanoseconds() - start)
            memory = document.nodes.count * MemoryLayout<NodeRecord>.stride + document.bytes.count + html.count
        }
        return (best, memory)
    }

    @Test("n versus 10 n", arguments: cases)
    func linear(_ adversary: Case) {
        let small = Self.measure(adversary.make(adversary.size), options: adversary.options)
        let large = Self.measure(adversary.make(adversary.size * 10), options: adversary.options)
        // Ten times the input: linear work is ~10x; allow cache and allocator effects up to 30x.
        let timeRatio = Double(large.time) / Double(max(small.time, 1))
        let memoryRatio = Double(large.memory) / Double(max(small.memory, 1))
        #expect(timeRatio < 30, "time grew \(timeRatio)x for 10x input")
        #expect(memoryRatio < 15, "memory grew \(memoryRatio)x for 10x input")
    }

    @Test func aQuadraticAlgorithmFailsTheRatio() {
        // The check must be able to fail: a deliberately quadratic scan over the same inputs trips it.
        func quadratic(_ n: Int) -> UInt64 {
            let text = Array(Self.repeated("[a", n).utf8)
            let start = Self.cpuNanoseconds()
            var found = 0
            for i in text.indices where text[i] == UInt8(ascii: "[") {
                for j in i..<text.count where text[j] == UInt8(ascii: "]") { found += j }
            }
            #expect(found == 0)
            return Self.cpuNanoseconds() - start
        }
        let ratio = Double(quadratic(2000)) / Double(max(quadratic(200), 1))
        #expect(ratio >= 30)
    }

    @Test("100,000 levels of nesting degrade gracefully, without a stack overflow")
    func deepNesting() {
        let depth = 100_000
        let quotes = MarkdownDocument(parsing: String(repeating: ">", count: depth) + " deep\n").renderHTML()
        #expect(quotes.components(separatedBy: "<blockquote>").count - 1 == maximumNesting)
        #expect(quotes.contains("deep"))
        let lists = MarkdownDocument(parsing: String(repeating: "- ", count: depth) + "deep\n").renderHTML()
        #expect(lists.components(separatedBy: "<li>").count - 1 == maximumNesting / 2)
        let brackets = MarkdownDocument(parsing: String(repeating: "[", count: depth) + "a" + String(repeating: "]", count: depth))
        #expect(brackets.renderHTML().count == 2 * depth + 9)
        let links = MarkdownDocument(parsing: String(repeating: "[", count: depth) + "a" + String(repeating: "](b)", count: depth))
        #expect(links.renderHTML().contains("<a href=\"b\">a</a>"))
        let images = MarkdownDocument(parsing: String(repeating: "![", count: depth) + "a" + String(repeating: "](b)", count: depth))
        #expect(images.renderHTML().hasPrefix("<p><img src=\"b\" alt=\"a\""))
        let emphasis = MarkdownDocument(parsing: String(repeating: "*a ", count: depth) + String(repeating: " a*", count: depth))
        #expect(emphasis.renderHTML().components(separatedBy: "<em>").count - 1 == depth)
        #expect(emphasis.descendants().count > depth)
    }
}
