import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LoopbackAPI
import RickAndMortyAPI
import SiteOutput
import TestSupport
import Testing

/// Hostile data served by the API builds a valid site: every page is well formed, no markup or script from
/// the data gets in (text, attributes, search index, sitemap), every name shows exactly, every link resolves.
@Suite struct HostileDataTests {
    @Test func hostileDataBuildsAValidSiteWithNothingInjected() async throws {
        let work = try BuildWorkspace("rmwiki-hostile")
        defer { work.remove() }
        let server = LoopbackAPIServer(snapshot: HostileWorld.snapshot, avatars: HostileWorld.avatars)
        let result = try await LoopbackSession.with(server) { _, base in
            await ConsoleRecorder.run(work.buildArguments(api: base))
        }
        #expect(result.code == 0, "\(result.err)")
        try Self.expectHarmless(work.output, names: HostileWorld.names)
    }

    /// Checks a built site against everything hostile data could break, and that each character page shows
    /// its name exactly.
    static func expectHarmless(_ output: URL, names: [Int: String]) throws {
        let site = SiteChecker(root: output)
        let markup = MarkupChecker(elements: try MarkupChecker.elements(inTemplates: ProjectTheme.templates))
        var problems: [String] = []
        for page in try site.pages() {
            let html = try BuildFixture.text(output, page)
            problems += markup.problems(in: html).map { "\(page): \($0)" }
        }
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(15).joined(separator: "\n"))")
        let links = try site.problems()
        #expect(links.isEmpty, "\(links.prefix(10))")

        for (id, data) in names.sorted(by: { $0.key < $1.key }) {
            // Control characters are the one thing pages may not show as they are: each becomes U+FFFD.
            let name = String(String.UnicodeScalarView(data.unicodeScalars.map { scalar in
                scalar.value < 0x20 && !["\t", "\n", "\r"].contains(scalar) || scalar.value == 0x7F ? "\u{FFFD}" : scalar
            }))
            let html = try BuildFixture.text(output, "characters/\(id)/index.html")
            let heading = MarkupText.firstElementText("h1", in: html)
            #expect(heading == name, "character \(id)'s heading")
            let title = MarkupText.firstElementText("title", in: html) ?? ""
            #expect(title.hasPrefix(name), "character \(id)'s title: \(title.prefix(80))")
        }

        let index = try Data(contentsOf: output.appendingPathComponent("search/index.json"))
        for forbidden in ["<", ">", "&", "'", "\u{2028}", "\u{2029}"] {
            #expect(!String(decoding: index, as: UTF8.self).contains(forbidden), "the search index holds a raw \(forbidden)")
        }
        #expect(String(decoding: index, as: UTF8.self).contains(#"\u003c"#))
        let json = try #require(try JSONSerialization.jsonObject(with: index) as? [String: Any])
        let rows = try #require(json["characters"] as? [[Any]])
        var indexed: [Int: String] = [:]
        for row in rows {
            if let id = row.first as? Int, let name = row.dropFirst().first as? String { indexed[id] = name }
        }
        #expect(indexed == names, "the search index holds every name exactly")

        let sitemap = try Data(contentsOf: output.appendingPathComponent("sitemap.xml"))
        let parser = XMLParser(data: sitemap)
        #expect(parser.parse(), "sitemap.xml is well-formed XML: \(String(describing: parser.parserError))")

        for script in try site.files() where script.hasSuffix(".js") {
            let source = try BuildFixture.text(output, script)
            for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("] {
                #expect(!source.contains(sink), "\(script) uses \(sink): data could become markup")
            }
        }
    }
}
