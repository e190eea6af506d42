import Foundation
import Markdown
import Testing

/// The safe renderer (the default) against the XSS classics: no input may produce executable markup.
@Suite struct MarkdownSafetyTests {
    static let classics: [String] = [
        "<script>alert(1)</script>",
        "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
        "text <script>alert(1)</script> text",
        "<img src=x onerror=alert(1)>",
        "<svg onload=alert(1)>",
        "<svg/onload=alert(1)>",
        "<body onload=alert(1)>",
        "<iframe src=\"javascript:alert(1)\"></iframe>",
        "<a href=\"javascript:alert(1)\">x</a>",
        "<div style=\"background:url(javascript:alert(1))\">x</div>",
        "<scr<script>ipt>alert(1)</script>",
        "<<script>alert(1)//<</script>",
        "<script\n>alert(1)</script\n>",
        "<!--<script>-->alert(1)<!--</script>-->",
        "<![CDATA[<script>alert(1)</script>]]>",
        "<? echo 1 ?><script>alert(1)</script>",
        "<style>body{background:url(javascript:alert(1))}</style>",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
        "[x](javascript:alert(1))",
        "[x](JAVASCRIPT:alert(1))",
        "[x](javas&#99;ript:alert(1))",
        "[x](javas&#x63;ript:alert(1))",
        "[x](&#106;avascript:alert(1))",
        "[x](jav&Tab;ascript:alert(1))",
        "[x](java&#9;script:alert(1))",
        "[x](<java\tscript:alert(1)>)",
        "[x](< javascript:alert(1)>)",
        "[x](vbscript:msgbox(1))",
        "[x](file:///etc/passwd)",
        "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "[x](DATA:text/html,<script>alert(1)</script>)",
        "![x](javascript:alert(1))",
        "![x](data:image/svg+xml,<svg onload=alert(1)>)",
        "<javascript:alert(1)>",
        "<JavaScript:alert(1)>",
        "[x]\n\n[x]: javascript:alert(1)",
        "[x]: <javascript:alert(1)> \"t\"\n\n[x]",
        "[x](\"onmouseover=alert(1) \")",
        "[x](/ \"\\\" onmouseover=alert(1) x=\\\"\")",
        "![x\" onerror=\"alert(1)](/a.png)",
        "`<script>alert(1)</script>`",
        "```\n<script>alert(1)</script>\n```",
        "    <script>alert(1)</script>",
        "&lt;script&gt;alert(1)&lt;/script&gt;",
        "<a\nhref=\"javascript:alert(1)\">x</a>",
        "*<img src=x onerror=alert(1)>*",
        "| a |\n| - |\n| <img src=x onerror=alert(1)> |",
        "www.example.com/<script>alert(1)</script>",
        "http://example.com/\"onmouseover=\"alert(1)",
    ]

    @Test("no executable markup in the safe renderer's output", arguments: classics)
    func safeRendering(_ markdown: String) {
        for extensions in [true, false] {
            let html = MarkdownDocument(parsing: markdown, options: MarkdownOptions(extensions: extensions)).renderHTML()
            let problems = HTMLAudit.problems(in: html)
            #expect(problems.isEmpty, "\(markdown.debugDescription) → \(html.debugDescription): \(problems)")
        }
    }

    @Test func safeImageDataURLsAreKept() {
        let html = MarkdownDocument(parsing: "![dot](data:image/png;base64,iVBORw0KGgo=)").renderHTML()
        #expect(html == "<p><img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"dot\" /></p>\n")
    }

    @Test func rawHTMLIsOmittedSafelyAndPassedWhenUnsafe() {
        let markdown = "<b>bold</b>\n\n<div>\nblock\n</div>\n"
        #expect(MarkdownDocument(parsing: markdown).renderHTML()
            == "<p><!-- raw HTML omitted -->bold<!-- raw HTML omitted --></p>\n<!-- raw HTML omitted -->\n")
        #expect(MarkdownDocument(parsing: markdown, options: MarkdownOptions(unsafe: true)).renderHTML()
            == "<p><b>bold</b></p>\n<div>\nblock\n</div>\n")
    }

    @Test func theAuditItselfCatchesTheClassics() {
        // The audit must be able to fail: unsafe output of the classics trips it.
        let unsafe = Self.classics.prefix(5).map {
            MarkdownDocument(parsing: $0, options: MarkdownOptions(unsafe: true, extensions: false)).renderHTML()
        }
        #expect(unsafe.allSatisfy { !HTMLAudit.problems(in: $0).isEmpty })
        #expect(!HTMLAudit.problems(in: "<a href=\"javas&#99;ript:x\">x</a>").isEmpty)
    }
}

/// Reads HTML the way a browser's tokenizer would find tags, and reports anything that could run script:
/// a tag outside the renderer's vocabulary, an attribute outside it, or a dangerous URL.
enum HTMLAudit {
    static let tags: Set<String> = [
        "p", "a", "img", "em", "strong", "del", "code", "pre", "ul", "ol", "li", "blockquote", "hr", "br",
        "h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tr", "th", "td",
    ]
    static let attributes: Set<String> = ["href", "src", "alt", "title", "class", "align", "start", "id"]

    static func problems(in html: String) -> [String] {
        var problems: [String] = []
        let scalars = Array(html.unicodeScalars)
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "<" else {
                i += 1
                continue
            }
            if html.unicodeScalars.count > i + 3, String(String.UnicodeScalarView(scalars[i..<min(i + 4, scalars.count)])) == "<!--" {
                // Comments: only the placeholder is allowed.
                let rest = String(String.UnicodeScalarView(scalars[i...]))
                if !rest.hasPrefix("<!-- raw HTML omitted -->") { problems.append("a comment") }
                i += 4
                continue
            }
            var j = i + 1
            if j < scalars.count && scalars[j] == "/" { j += 1 }
            guard j < scalars.count, scalars[j].properties.isAlphabetic else {
                if j < scalars.count && (scalars[j] == "!" || scalars[j] == "?") { problems.append("markup declaration") }
                i += 1
                continue
            }
            var end = j
            var quote: Unicode.Scalar? = nil
            while end < scalars.count {
                let c = scalars[end]
                if let open = quote {
                    if c == open { quote = nil }
                } else if c == "\"" || c == "'" {
                    quote = c
                } else if c == ">" {
                    break
                }
                end += 1
            }
            let tag = String(String.UnicodeScalarView(scalars[j..<min(end, scalars.count)]))
            problems += audit(tag: tag)
            i = end + 1
        }
        return problems
    }

    static func audit(tag: String) -> [String] {
        var rest = Substring(tag)
        let name = rest.prefix { !$0.isWhitespace && $0 != "/" }.lowercased()
        rest = rest.dropFirst(name.count)
        var problems: [String] = []
        if !tags.contains(name) { problems.append("tag <\(name)>") }
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "/" }
            guard !rest.isEmpty else { break }
            let attribute = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != "/" }.lowercased()
            rest = rest.dropFirst(max(attribute.count, 1))
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst()
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    value = String(rest.dropFirst().prefix { $0 != quote })
                    rest = rest.dropFirst(value.count + 2)
                } else {
                    value = String(rest.prefix { !$0.isWhitespace })
                    rest = rest.dropFirst(value.count)
                }
            }
            if !attributes.contains(attribute) { problems.append("attribute \(attribute)") }
            if attribute == "href" || attribute == "src" { problems += audit(url: value) }
        }
        return problems
    }

    static func audit(url: String) -> [String] {
        // What a browser sees: entities decoded, tabs and newlines dropped, leading controls trimmed.
        var decoded = url.replacingOccurrences(of: "&amp;", with: "&")
        for (entity, character) in [("&#x27;", "'"), ("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">")] {
            decoded = decoded.replacingOccurrences(of: entity, with: character)
        }
        if decoded.contains("&#") || decoded.range(of: "&[A-Za-z]+;", options: .regularExpression) != nil {
            return ["character reference in URL \(url)"]
        }
        let scheme = String(decoded.unicodeScalars.filter { $0.value > 0x20 }.map(Character.init)).lowercased()
        for bad in ["javascript:", "vbscript:", "file:"] where scheme.hasPrefix(bad) { return ["\(bad) URL"] }
        if scheme.hasPrefix("data:") && !["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"]
            .contains(where: scheme.hasPrefix)
        {
            return ["data: URL"]
        }
        return []
    }
}
