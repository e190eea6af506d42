import TestSupport
import Testing

/// The checker the hostile-data test relies on finds each kind of damage an injection would cause.
@Suite struct HostileMarkupCheckerTests {
    static let checker = MarkupChecker(elements: ["html", "head", "title", "body", "main", "p", "a", "img", "script", "svg", "rect", "h1", "time"])

    static func page(_ body: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<title>T</title>\n</head>\n<body>\n<main>\(body)</main>\n</body>\n</html>\n"
    }

    @Test func aCleanPagePasses() {
        let body = #"<p><time datetime="2020-02-29">leap day</time><time datetime="2026-11-22T01:13:35Z">now</time></p><h1 id="x" data-greeting>Rick &amp; Morty &#39;s &#x3C;</h1><p hidden><a href="/a/">a</a><img src="/i.png" alt="&quot;q&quot;"></p>"#
            + #"<svg><rect width="1"/></svg><script src="/assets/search.js" defer></script>"#
        #expect(Self.checker.problems(in: Self.page(body)) == [])
    }

    @Test(arguments: [
        (#"<p>a < b</p>"#, "does not start a tag"),
        (#"<p>R & M</p>"#, "bare '&' in text"),
        (#"<p>a > b</p>"#, "bare '>'"),
        (#"<p><a href="/">x</p></a>"#, "closes <a>"),
        (#"<p>unclosed"#, "</main> closes <p>"),
        (#"<img src=x onerror=alert(1)>"#, "not quoted"),
        (#"<img src="x" onerror="alert(1)">"#, "event handler attribute onerror"),
        (#"<p title='x'>y</p>"#, "single-quoted"),
        (#"<p title="a" title="b">y</p>"#, "repeated"),
        (#"<p title="a<b">y</p>"#, "raw '<'"),
        (#"<p title="R & M">y</p>"#, "bare '&'"),
        (#"<p autofocus>y</p>"#, "without a value"),
        (#"<a href="javascript:alert(1)">y</a>"#, "script or data URL"),
        (#"<script>alert(1)</script>"#, "not one of the site's own script tags"),
        (#"<script src="//evil.example/x.js" defer></script>"#, "not one of the site's own script tags"),
        (#"<script src="/assets/a.js" defer>alert(1)</script>"#, "a script with content"),
        (#"<b>bold</b>"#, "an element the templates never write"),
        (#"<p/>"#, "self-closing outside SVG"),
        (#"<h1 id="a">x</h1><p id="a">y</p>"#, "used twice"),
        (#"</main><main>"#, "<main> appears 2 times"),
        ("<p>bell \u{7}</p>", "control character U+7"),
        (#"<p><time datetime="2020-02-30">x</time></p>"#, "not a real day"),
        (#"<p><time datetime="2021-02-29">x</time></p>"#, "not a real day"),
        (#"<p><time datetime="2021-02-28T24:00:00Z">x</time></p>"#, "not a real day"),
    ])
    func damageIsFound(body: String, expected: String) {
        let problems = Self.checker.problems(in: Self.page(body))
        #expect(problems.contains { $0.contains(expected) }, "\(problems)")
    }

    @Test func textIsDecodedBackToTheData() {
        #expect(MarkupText.decode("&lt;b&gt; &amp;amp; &quot;&#39;&#x1F47D;") == "<b> &amp; \"'👽")
        #expect(MarkupText.firstElementText("h1", in: #"<h1 class="x">A <span>&lt;B&gt;</span></h1>"#) == "A <B>")
    }
}
