@testable import HTTPServer
import Testing
@testable import RMWikiCLI

@Suite struct ServeInjectionTests {
    func injected(_ page: String) -> String {
        String(decoding: LiveReloadScript.inject(into: Array(page.utf8), generation: "7.1"), as: UTF8.self)
    }

    let tag = "<script src=\"/__rmwiki/live-reload.js\" data-generation=\"7.1\"></script>\n"

    @Test func theTagGoesBeforeTheLastBodyEndWhateverItsCase() {
        #expect(injected("<p>a</p></BODY></html>") == "<p>a</p>" + tag + "</BODY></html>")
        #expect(injected("<pre>&lt;/body&gt; </body></pre></Body>") == "<pre>&lt;/body&gt; </body></pre>" + tag + "</Body>")
        #expect(injected("no body at all") == "no body at all" + tag)
        #expect(injected("") == tag)
    }

    @Test func injectedPagesGetTheirOwnTags() {
        #expect(ServeEntityTag.tag("\"abc\"", generation: "7.1") == "\"abc-lr7.1\"")
        #expect(ServeEntityTag.tag("W/\"abc\"", generation: "2.3") == "W/\"abc-lr2.3\"")
        #expect(EntityTag.matches("\"x\", W/\"abc-lr7.1\"", "\"abc-lr7.1\""))
        #expect(EntityTag.matches("*", "\"anything\""))
        #expect(!EntityTag.matches("\"abc\"", "\"abc-lr7.1\""), "the file's own tag does not match the injected page")
    }
}
