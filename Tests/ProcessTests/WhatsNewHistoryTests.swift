import Foundation
import LoopbackAPI
import Pictures
@testable import RickAndMortyAPI
import TestSupport
import Testing

extension HistoryProcessTests {
    /// A wiki first built from the API as it was in 2018, then rebuilt from today's: the first build's "What's new"
    /// already lists what the API added each day, and the rebuild's group holds every record it added or changed,
    /// with counts computed here from the raw JSON, and every page of it bounded.
    @Suite(.tags(.fullData), .skippable(.fullData),
        .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)),
        .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
    struct WhatsNewHistoryTests {
        static let files = ["character": "characters.json", "location": "locations.json", "episode": "episodes.json"]

        /// A face of 8 × 8 pixels, one colour a character: What's new reads no picture, and two builds from cold
        /// caches decoding and resizing the 826 real ones were most of this test's CPU.
        static func face(_ id: Int) -> LoopbackAvatar {
            let pixel: [UInt8] = [UInt8(truncatingIfNeeded: id), UInt8(truncatingIfNeeded: id >> 8), 0x80, 0xFF]
            return LoopbackAvatar(bytes: JPEGEncoder.encode(Picture(width: 8, height: 8, pixels: Array((0..<64).map { _ in pixel }.joined()))))
        }
        static let butterRobot = 826

        @Test func aRebuildFrom2018ToTodayShowsEveryNewcomer() async throws {
            let full = try Self.files.mapValues { try SharedSnapshot.raw($0) }
            let old = Self.older(full)
            let oldSnapshot = try Self.snapshot(old)
            let avatars = Dictionary(uniqueKeysWithValues: oldSnapshot.characters.map { ($0.id, Self.face($0.id)) })
            let work = try BuildWorkspace("rmwiki-whats-new")
            defer { work.remove() }

            // One server whose data moves from 2018's to today's, as the real API's did.
            try await LoopbackSession.with(LoopbackAPIServer(snapshot: oldSnapshot, avatars: avatars)) { server, base in
                let first = try await work.run(work.buildArguments(api: base))
                #expect(first.code == 0, "\(first.err)")
                for prefix in ["", "fr/"] {
                    let site = try Self.whatsNew(work.output, prefix)
                    #expect(!site.groups.contains { $0.hasPrefix("rebuild-") }, "a first build finds no change")
                    try Self.expectAPIDays(site, records: old, prefix: prefix)
                    let feed = try FeedReader.read(Data(contentsOf: work.output.appendingPathComponent(prefix + "feed.xml")))
                    let linked = feed.entries.compactMap { $0.link?.firstMatch(of: /whats-new\/(added-[0-9-]+)\/$/)?.1 }
                    #expect(linked.map(String.init) == Array(site.groups.prefix(20)), "\(prefix)feed.xml: the newest days")
                }

                let today = try SharedSnapshot.load()
                for record in today.characters where record.id > oldSnapshot.characters.count {
                    await server.setAvatar(Self.face(record.id), forCharacter: record.id)
                }
                for record in today.characters { await server.upsert(record) }
                for record in today.locations { await server.upsert(record) }
                for record in today.episodes { await server.upsert(record) }
                let second = try await work.run(work.buildArguments(api: base))
                #expect(second.code == 0, "\(second.err)")
            }

            let added = Self.files.keys.flatMap { kind in
                Self.ids(full[kind] ?? []).subtracting(Self.ids(old[kind] ?? [])).map { Link(kind: kind, id: $0) }
            }
            let changed = Self.files.keys.flatMap { kind in
                let before = Dictionary(uniqueKeysWithValues: (old[kind] ?? []).map { ($0["id"] as? Int ?? 0, $0) })
                return (full[kind] ?? []).compactMap { record -> Link? in
                    guard let id = record["id"] as? Int, let was = before[id], !NSDictionary(dictionary: was).isEqual(to: record)
                    else { return nil }
                    return Link(kind: kind, id: id)
                }
            }
            #expect(added.count == 403, "333 characters, 50 locations and 20 episodes came after 2018")
            #expect(added.contains(Link(kind: "character", id: Self.butterRobot)))
            let butterRobot = try #require(full["character"]?.first { $0["id"] as? Int == Self.butterRobot })
            let butterRobotDay = try #require(butterRobot["created"] as? String).prefix(10)

            for (prefix, counts) in [("", Self.englishCounts), ("fr/", Self.frenchCounts)] {
                let site = try Self.whatsNew(work.output, prefix)
                #expect(Set(added).isSubset(of: site.reachable), "\(prefix): every added record is reachable from What's new")
                let rebuilds = site.groups.filter { $0.hasPrefix("rebuild-") }
                #expect(rebuilds.count == 1)
                #expect(site.groups.first == rebuilds.first, "the rebuild is the newest group")
                let rebuild = try #require(rebuilds.first)
                let listed = try Self.links(in: work.output, prefix, group: rebuild)
                #expect(listed.count == added.count + changed.count, "each record once")
                #expect(Set(listed) == Set(added + changed))
                let text = try Self.groupText(work.output, prefix, group: rebuild)
                for kind in ["character", "location", "episode"] {
                    for (label, links) in [("added", added), ("changed", changed)] {
                        let number = links.filter { $0.kind == kind }.count
                        guard number > 0, let format = counts["\(label)_\(kind)"] else { continue }
                        #expect(text.contains(format + String(number)), "\(prefix)\(rebuild): \(label) \(kind): \(number)")
                    }
                }
                #expect(text.contains("href=\"/\(prefix)characters/\(Self.butterRobot)/\">Butter Robot</a>"))
                try Self.expectAPIDays(site, records: full, prefix: prefix)
                #expect(site.largestPage < 100_000, "\(prefix): no What's new page is huge (\(site.largestPage) bytes)")
                #expect(site.mostItems <= 100, "\(prefix): at most 100 changes a page (\(site.mostItems))")

                let feedData = try Data(contentsOf: work.output.appendingPathComponent(prefix + "feed.xml"))
                let feed = try FeedReader.read(feedData)
                #expect(feed.entries.count == 20, "a bounded feed: the 20 newest groups")
                #expect(feedData.count < 40_000, "\(feedData.count) bytes")
                #expect(feed.entries.first?.link?.hasSuffix("/\(prefix)whats-new/\(rebuild)/") == true)
                #expect(feed.entries.first?.summary.contains("Butter Robot") == false, "only the first changes are named")
                #expect(feed.entries.first?.updated == feed.updated)
                let days = feed.entries.dropFirst().compactMap { $0.link?.firstMatch(of: /whats-new\/(added-[0-9-]+)\/$/)?.1 }
                #expect(days.map(String.init) == Array(site.groups.dropFirst().prefix(19)))
                #expect(days.contains("added-\(butterRobotDay)"), "the day the API added Butter Robot")
            }
        }

        struct Link: Hashable, CustomStringConvertible {
            let kind: String
            let id: Int
            var description: String { "\(kind) \(id)" }
        }

        static let englishCounts = [
            "added_character": "New characters: ", "added_location": "New locations: ", "added_episode": "New episodes: ",
            "changed_character": "Updated characters: ", "changed_location": "Updated locations: ",
            "changed_episode": "Updated episodes: ",
        ]
        static let frenchCounts = [
            "added_character": "Nouveaux personnages\u{202F}: ", "added_location": "Nouveaux lieux\u{202F}: ",
            "added_episode": "Nouveaux épisodes\u{202F}: ", "changed_character": "Personnages modifiés\u{202F}: ",
            "changed_location": "Lieux modifiés\u{202F}: ", "changed_episode": "Épisodes modifiés\u{202F}: ",
        ]

        /// The shared data as the API served it before 2019: the records created before then, with their links to
        /// later records (episodes, casts, residents, origins and locations) taken out.
        static func older(_ full: [String: [[String: Any]]]) -> [String: [[String: Any]]] {
            let old = full.mapValues { records in records.filter { ($0["created"] as? String ?? "") < "2019" } }
            let kept = old.mapValues(ids)
            func keep(_ urls: Any?, _ kind: String) -> [String] {
                (urls as? [String] ?? []).filter { url in id(in: url).map { kept[kind]?.contains($0) ?? false } ?? false }
            }
            func place(_ reference: Any?) -> Any? {
                guard let reference = reference as? [String: Any], let url = reference["url"] as? String, !url.isEmpty,
                      let id = id(in: url), kept["location"]?.contains(id) != true
                else { return reference }
                return ["name": "unknown", "url": ""]
            }
            return [
                "character": (old["character"] ?? []).map { record in
                    var record = record
                    record["episode"] = keep(record["episode"], "episode")
                    record["origin"] = place(record["origin"])
                    record["location"] = place(record["location"])
                    return record
                },
                "location": (old["location"] ?? []).map { record in
                    var record = record
                    record["residents"] = keep(record["residents"], "character")
                    return record
                },
                "episode": (old["episode"] ?? []).map { record in
                    var record = record
                    record["characters"] = keep(record["characters"], "character")
                    return record
                },
            ]
        }

        static func id(in url: String) -> Int? {
            url.split(separator: "/").last.flatMap { Int($0) }
        }

        static func ids(_ records: [[String: Any]]) -> Set<Int> {
            Set(records.compactMap { $0["id"] as? Int })
        }

        static func snapshot(_ raw: [String: [[String: Any]]]) throws -> Snapshot {
            func decode<Record: Decodable>(_ kind: String) throws -> [Record] {
                try JSONDecoder().decode([Record].self, from: JSONSerialization.data(withJSONObject: raw[kind] ?? []))
            }
            return Snapshot(characters: try decode("character"), locations: try decode("location"), episodes: try decode("episode"))
        }

        /// What a reader finds from one language's What's new: its groups in timeline order, every record page
        /// linked from the pages reached by following links within What's new, and the largest of those pages.
        struct Site {
            let output: URL
            var groups: [String] = []
            var reachable: Set<Link> = []
            var largestPage = 0
            var mostItems = 0
        }

        static func whatsNew(_ output: URL, _ prefix: String) throws -> Site {
            var site = Site(output: output)
            var queue = ["/\(prefix)whats-new/"]
            var seen = Set(queue)
            while let path = queue.popLast() {
                let html = try BuildFixture.text(output, String(path.dropFirst()) + "index.html")
                site.largestPage = max(site.largestPage, html.utf8.count)
                site.mostItems = max(site.mostItems, html.components(separatedBy: "<span class=\"change-badge").count - 1)
                for (_, value) in SiteChecker.references(in: html) {
                    if let match = value.wholeMatch(of: /\/(?:[a-z]{2}\/)?(character|location|episode)s\/(\d+)\//),
                       let id = Int(match.2) {
                        site.reachable.insert(Link(kind: String(match.1), id: id))
                    } else if value.hasPrefix("/\(prefix)whats-new/"), seen.insert(value).inserted {
                        queue.append(value)
                    }
                }
            }
            for html in try pages(output, folder: prefix + "whats-new/") {
                site.groups += html.matches(of: /<section class="whats-new-group" aria-labelledby="group-([^"]+)">/).map { String($0.1) }
            }
            return site
        }

        /// The pages of a paginated list in order: `folder/index.html`, then `folder/page/2/index.html` and on.
        static func pages(_ output: URL, folder: String) throws -> [String] {
            var pages = [try BuildFixture.text(output, folder + "index.html")]
            func next() -> String { folder + "page/\(pages.count + 1)/index.html" }
            while FileManager.default.fileExists(atPath: output.appendingPathComponent(next()).path) {
                pages.append(try BuildFixture.text(output, next()))
            }
            return pages
        }

        /// Every page of one group, in order, as one text.
        static func groupText(_ output: URL, _ prefix: String, group: String) throws -> String {
            try pages(output, folder: "\(prefix)whats-new/\(group)/").joined()
        }

        /// The records a group's pages list (its change items' links, not the navigation's).
        static func links(in output: URL, _ prefix: String, group: String) throws -> [Link] {
            let item = /<span class="change-kind">[^<]*<\/span> <a href="\/(?:[a-z]{2}\/)?(character|location|episode)s\/(\d+)\/">/
            return try groupText(output, prefix, group: group).matches(of: item).compactMap { match in
                Int(match.2).map { Link(kind: String(match.1), id: $0) }
            }
        }

        /// One "added to the API" group per day a record was created on, listing exactly that day's records.
        static func expectAPIDays(_ site: Site, records: [String: [[String: Any]]], prefix: String) throws {
            var days: [String: Set<Link>] = [:]
            for (kind, list) in records {
                for record in list {
                    guard let created = record["created"] as? String, let id = record["id"] as? Int else { continue }
                    days["added-" + created.prefix(10), default: []].insert(Link(kind: kind, id: id))
                }
            }
            let listed = site.groups.filter { $0.hasPrefix("added-") }
            #expect(listed == days.keys.sorted(by: >), "\(prefix): one group per day, newest first")
            for (day, expected) in days {
                #expect(Set(try links(in: site.output, prefix, group: day)) == expected, "\(prefix)\(day)")
            }
        }
    }
}
