import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LoopbackAPI
@testable import RickAndMortyAPI
import TestSupport
import Testing
@testable import WikiBuild

extension NightlyProcessTests {
    /// Hostile data served by the API builds a valid site: every page is well formed, no markup or script from
    /// the data gets in (text, attributes, search index, sitemap), every name shows exactly, every link resolves.
    @Suite(.enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
    struct HostileDataTests {
        @Test func hostileDataBuildsAValidSiteWithNothingInjected() async throws {
            let work = try BuildWorkspace("rmwiki-hostile")
            defer { work.remove() }
            let server = LoopbackAPIServer(snapshot: HostileWorld.snapshot, avatars: HostileWorld.avatars)
            var names = HostileWorld.names
            // Renamed between two builds, so the "What's new" page and the feeds carry hostile names too.
            let renamed = [1: "Feed <entry><title>x</title></entry> ]]> &amp; \u{7}\u{1B}[31m", 4: "🧪 \u{202E}<![CDATA[x]]>"]
            try await LoopbackSession.with(server) { server, base in
                let first = try await work.run(work.buildArguments(api: base))
                #expect(first.code == 0, "\(first.err)")
                for (id, name) in renamed {
                    try await server.updateCharacter(id: id) { $0.name = name }
                    names[id] = name
                }
                try await server.updateEpisode(id: 1) { $0.name = "<script>alert('episode')</script>" }
                let second = try await work.run(work.buildArguments(api: base))
                #expect(second.code == 0, "\(second.err)")
            }
            try Self.expectHarmless(work.output, names: names)

            // The second build's entry names what it changed.
            for feed in try SiteChecker(root: work.output).files().filter({ $0.hasSuffix("feed.xml") }) {
                let rebuild = try FeedReader.read(Data(contentsOf: work.output.appendingPathComponent(feed))).entries.first
                for name in renamed.values {
                    #expect(rebuild?.summary.contains(Self.shown(name)) == true, "\(feed): \(String(describing: rebuild))")
                }
                #expect(rebuild?.summary.contains("<script>alert('episode')</script>") == true, "\(feed)")
            }
        }

        /// A name as pages show it: control characters become U+FFFD, which HTML and XML accept.
        /// What a page shows for a name: blank names get the table's placeholder, control characters U+FFFD.
        static func shown(_ name: String) -> String {
            if name.allSatisfy(\.isWhitespace) { return "Unnamed" }
            return String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
                scalar.value < 0x20 && !["\t", "\n", "\r"].contains(scalar) || scalar.value == 0x7F ? "\u{FFFD}" : scalar
            }))
        }

        /// Ids far beyond the API's 1…count (which the client's wholeness check refuses from the network) still
        /// build from a cache: pages, paths, pagers and links work for them. They stay within 2^53, the largest
        /// integer the search page's JavaScript reads exactly.
        @Test func hugeRecordIDsBuildFromTheCache() async throws {
            let work = try BuildWorkspace("rmwiki-huge-ids")
            defer { work.remove() }
            let huge = [1: 9_007_199_254_740_991, 2: 4_294_967_297, 3: 2_147_483_648]
            func renumber(_ url: String) -> String {
                guard let id = RecordReference.id(in: url, kind: .character), let new = huge[id] else { return url }
                return SmallWorld.api + "/character/\(new)"
            }
            var snapshot = HostileWorld.snapshot
            for index in snapshot.characters.indices {
                guard let new = huge[snapshot.characters[index].id] else { continue }
                snapshot.characters[index].id = new
                snapshot.characters[index].url = SmallWorld.api + "/character/\(new)"
            }
            for index in snapshot.episodes.indices { snapshot.episodes[index].characters = snapshot.episodes[index].characters.map(renumber) }
            for index in snapshot.locations.indices { snapshot.locations[index].residents = snapshot.locations[index].residents.map(renumber) }
            snapshot.characters.sort { $0.id < $1.id }
            try FileManager.default.createDirectory(at: work.cache, withIntermediateDirectories: true)
            try JSONEncoder().encode(snapshot).write(to: DataCache(directory: work.cache).snapshotFile)

            let result = try await work.run(work.buildArguments(api: nil))
            #expect(result.code == 0, "\(result.err)")
            let names = Dictionary(uniqueKeysWithValues: snapshot.characters.map { ($0.id, $0.name) })
            try Self.expectHarmless(work.output, names: names)
            #expect(try BuildFixture.text(work.output, "episodes/1/index.html").contains(#"href="/characters/9007199254740991/""#))
        }

        /// A record with a huge id leaves a hole in 1…count, as deleted records do: any unique positive ids whose
        /// number matches the count are a whole collection, so it builds, with a page for the record.
        @Test func aCollectionWithAHugeIDBuilds() async throws {
            let work = try BuildWorkspace("rmwiki-hole")
            defer { work.remove() }
            let server = LoopbackAPIServer(snapshot: HostileWorld.snapshot, avatars: HostileWorld.avatars)
            try await LoopbackSession.with(server) { server, base in
                #expect(try await work.run(work.buildArguments(api: base)).code == 0)
                var intruder = HostileWorld.snapshot.characters[0]
                intruder.id = 9_223_372_036_854_775_807
                await server.upsert(intruder)
                let result = try await work.run(work.buildArguments(api: base))
                #expect(result.code == 0, "\(result.err)")
                #expect(FileManager.default.fileExists(
                    atPath: work.output.appendingPathComponent("characters/9223372036854775807/index.html").path))
            }
        }

        /// Checks a built site against everything hostile data could break, and that each character page shows
        /// its name exactly.
        static func expectHarmless(_ output: URL, names served: [Int: String]) throws {
            // The 12,600-character name is shown cut to the limit.
            let names = served.mapValues { StringLimit.cut($0) ?? $0 }
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
                let name = shown(data)
                let html = try BuildFixture.text(output, "characters/\(id)/index.html")
                let heading = MarkupText.firstElementText("h1", in: html) ?? ""
                // A name too long for a phone's first screen is cut in the heading and given whole below it.
                if heading == name {
                    #expect(!html.contains("class=\"full-name\""), "character \(id): no second copy of a name shown whole")
                } else {
                    #expect(heading.hasSuffix("…") && name.hasPrefix(String(heading.dropLast())) && heading.count <= 61,
                            "character \(id)'s heading: \(heading.prefix(80))")
                    let full = html.components(separatedBy: "<p class=\"full-name\">").dropFirst().first?
                        .components(separatedBy: "</p>").first.map(MarkupText.decode) ?? ""
                    #expect(full.hasSuffix(" " + name), "character \(id)'s whole name below its heading")
                }
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
            let expected = names.mapValues { $0.allSatisfy(\.isWhitespace) ? "Unnamed" : $0 }
            #expect(indexed == expected, "the search index holds every name exactly (a blank one as the placeholder)")

            for xml in try site.files() where xml.hasSuffix(".xml") || xml.hasSuffix(".svg") {
                let parser = XMLParser(data: try Data(contentsOf: output.appendingPathComponent(xml)))
                #expect(parser.parse(), "\(xml) is not well-formed XML: \(String(describing: parser.parserError))")
            }

            for script in try site.files() where script.hasSuffix(".js") {
                let source = try BuildFixture.text(output, script)
                for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("] {
                    #expect(!source.contains(sink), "\(script) uses \(sink): data could become markup")
                }
            }
        }
    }
}
