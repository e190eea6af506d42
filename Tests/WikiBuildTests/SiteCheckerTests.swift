import Foundation
@testable import RickAndMortyAPI
import TestSupport
import Testing

/// The checker the whole-site tests lean on finds what it claims to, and its byte scan reads the same references as
/// the regular expression it replaced.
@Suite struct SiteCheckerTests {
    /// The expression `SiteChecker.references` stood for.
    static func referencesByExpression(_ html: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: #"\b(href|src|action)\s*=\s*"([^"]*)""#)
        return expression.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
            guard let attribute = Range(match.range(at: 1), in: html), let value = Range(match.range(at: 2), in: html) else { return nil }
            return html[attribute] + " " + html[value]
        }
    }

    static func referencesByScan(_ html: String) -> [String] {
        SiteChecker.references(in: html).map { $0.attribute + " " + $0.value }
    }

    @Test func theScanReadsWhatTheExpressionRead() async throws {
        let tricky = [
            #"<a href="/a/">x</a><img src = "/b.png"><form action="/c">"#,
            #"<a hreflang="en" href="/d/"><img srcset="/e.png 2x" data-src="/f.png"><x xsrc="/g">"#,
            "<a href\n=\t\"/h/\"><a href='/single/'><a href=/bare/><a href=\"/unclosed",
            #"<p>srcé src="/after-letter/" _src="/i" 9src="/j" -src="/k"</p><a href="">"#,
            #"<a HREF="/upper/"><a href="/x?a=1&amp;b=2#top">"#, "", "src", #"href=""#,
        ]
        for html in tricky {
            #expect(Self.referencesByScan(html) == (try Self.referencesByExpression(html)).map(Self.decoded), "\(html)")
        }
        #expect(Self.referencesByScan(tricky[0]) == ["href /a/", "src /b.png", "action /c"])
        let (output, _) = try await SiteFixture.build(DemoDataset.snapshot, avatars: DemoDataset.avatars(), baseURL: "/")
        let pages = try SiteChecker(root: output).pages()
        #expect(pages.count > 100)
        for page in pages {
            let html = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
            let scanned = Self.referencesByScan(html)
            #expect(!scanned.isEmpty, "\(page)")
            #expect(scanned == (try Self.referencesByExpression(html)).map(Self.decoded), "\(page)")
        }
    }

    static func decoded(_ text: String) -> String {
        text.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&quot;", with: "\"")
    }

    @Test func aBrokenLinkAForeignHostAndAClimbAreFound() throws {
        let root = try SharedFixtures.temporaryDirectory("rmwiki-checker")
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("a/folder"), withIntermediateDirectories: true)
        try Data("ok".utf8).write(to: root.appendingPathComponent("a/index.html"))
        try Data("png".utf8).write(to: root.appendingPathComponent("a/p.png"))
        try Data("""
            <a href="/a/">fine</a><img src="/a/p.png"><a href="/a/index.html#top">fine</a><a href="#here">fine</a>
            <a href="/missing/">1</a><img src="/a/q.png"><a href="https://example.com/">2</a><a href="/a/folder">3</a>
            <a href="/a/../x">4</a><a href="javascript:alert(1)">5</a><a href="relative/">6</a>
            """.utf8).write(to: root.appendingPathComponent("index.html"))
        let problems = try SiteChecker(root: root).problems().map(\.reference)
        #expect(problems == ["/missing/", "/a/q.png", "https://example.com/", "/a/folder", "/a/../x", "javascript:alert(1)", "relative/"])
    }
}
