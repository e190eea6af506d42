import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import TestSupport
import Testing

extension HistoryProcessTests {
    /// The API has deleted records before: characters 5 and 90 gone from the real data's first 120 (6 pages of
    /// REST, the holes on the first and the fifth; every location and episode, whose lists still name them) leave
    /// ids 1…120 with two holes, which GraphQL's probe past the count fills. Over REST
    /// and GraphQL, from a cache built before the deletion (warm) and from none (cold), the site builds, their
    /// pages are gone, nothing links to them, and the warm rebuild's What's new lists them as removed, by name,
    /// as plain text.
    @Suite(.tags(.fullData), .skippable(.fullData),
        .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)),
        .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
    struct DeletedRecordTests {
        static let removed = [5: "Jerry Smith", 90: "Daron Jefferson"]
        /// Past both removed ids, so each leaves a hole, not a shorter list.
        static let characterCount = 120

        @Test(arguments: ["rest", "graphql"])
        func deletedRecordsLeaveTheSite(source: String) async throws {
            let work = try BuildWorkspace("rmwiki-deleted-\(source)")
            defer { work.remove() }
            let arguments = { (base: URL) in work.buildArguments(api: base, extra: ["--source", source]) }
            let slice = try SharedSlice(characters: Self.characterCount)
            try await LoopbackSession.with(slice.server()) { server, base in
                let full = try await work.run(arguments(base))
                #expect(full.code == 0, "\(full.err)")
                for id in Self.removed.keys {
                    #expect(FileManager.default.fileExists(atPath: Self.page(work.output, id).path))
                    await server.remove(.character, id: id)
                }

                let warm = try await work.run(arguments(base))
                #expect(warm.code == 0, "\(warm.err)")
                try Self.expectGone(work.output, "\(source), warm")
                for prefix in ["", "fr/"] {
                    let group = try Self.rebuildGroup(work.output, prefix)
                    for (id, name) in Self.removed {
                        let item = try #require(
                            group.split(separator: "<li>").compactMap { $0.split(separator: "</li>").first }
                                .first { $0.contains("change-removed") && $0.contains(name) },
                            "\(prefix): character \(id) listed as removed")
                        #expect(!item.contains("<a "), "\(prefix): a removed record is plain text")
                    }
                    #expect(group.contains(prefix.isEmpty ? "Removed characters: 2" : "Personnages retirés\u{202F}: 2"))
                    let feed = try String(contentsOf: work.output.appendingPathComponent(prefix + "feed.xml"), encoding: .utf8)
                    #expect(feed.contains(prefix.isEmpty ? "Removed character: Jerry Smith" : "Personnage retiré\u{202F}: Jerry Smith"))
                }

                try FileManager.default.removeItem(at: work.cache)
                let cold = try await work.run(arguments(base))
                #expect(cold.code == 0, "\(cold.err)")
                try Self.expectGone(work.output, "\(source), cold")
            }
        }

        static func page(_ output: URL, _ id: Int) -> URL {
            output.appendingPathComponent("characters/\(id)/index.html")
        }

        /// No page of the removed characters, and no link to one anywhere in the site.
        static func expectGone(_ output: URL, _ context: String) throws {
            for id in removed.keys {
                #expect(!FileManager.default.fileExists(atPath: page(output, id).path), "\(context): page \(id)")
            }
            let links = removed.keys.map { "/characters/\($0)/\"" }
            let walker = FileManager.default.enumerator(at: output, includingPropertiesForKeys: nil)
            var linking: [String] = []
            while let file = walker?.nextObject() as? URL {
                guard ["html", "xml", "json"].contains(file.pathExtension),
                      let text = try? String(contentsOf: file, encoding: .utf8),
                      links.contains(where: { text.contains($0) })
                else { continue }
                linking.append(file.path)
            }
            #expect(linking.isEmpty, "\(context): \(linking.prefix(5))")
        }

        /// The first page of the newest rebuild's group of What's new.
        static func rebuildGroup(_ output: URL, _ prefix: String) throws -> String {
            let folder = output.appendingPathComponent(prefix + "whats-new")
            let rebuild = try #require(
                try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("rebuild-") }.max())
            return try String(contentsOf: folder.appendingPathComponent("\(rebuild)/index.html"), encoding: .utf8)
        }
    }
}
