import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
@testable import SiteOutput
@testable import WikiModel
import TestSupport
import Testing

extension NightlyProcessTests {
    /// The nightly cycle: build, change a few records on the API, rebuild; the summary line counts exactly the
    /// files that changed, and only those files were rewritten (unchanged ones keep their inode and mtime). Each
    /// rebuild that finds a change adds its own "What's new" page and moves the timeline's older groups down.
    @Suite(.tags(.fullData), .skippable(.fullData),
        .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)),
        .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
    struct NightlyRebuildTests {
        static let characterCount = 60
        /// Bepisian: four episodes, lives at location 11, listed on the second characters page, not featured.
        static let renamed = 35
        /// Shares no episode with Bepisian (or the newcomer, who copies its episodes) and is not next to it or to the
        /// newcomer: no list on its page names either.
        static let unrelated = 41

        @Test func aRebuildRewritesExactlyTheFilesTheChangeTouches() async throws {
            let slice = try SharedSlice(characters: Self.characterCount)
            let work = try BuildWorkspace("rmwiki-nightly")
            defer { work.remove() }

            try await LoopbackSession.with(slice.server()) { server, base in
                let first = try await Self.build(work, api: base)
                let fileCount = first.added
                #expect(first.counts == [fileCount, 0, 0, 0])
                let built = try SiteTreeSnapshot(of: work.output)
                #expect(built.files.count == fileCount)

                let unchanged = try await Self.build(work, api: base)
                #expect(unchanged.counts == [0, 0, 0, fileCount], "a rebuild with no change")
                #expect(try SiteTreeSnapshot(of: work.output) == built, "a rebuild with no change writes nothing")

                // Rename one character.
                try await server.updateCharacter(id: Self.renamed) { $0.name = "Bepisian the Renamed" }
                let dataset = Dataset(await server.servedSnapshot())
                let location = try #require(dataset.locationIDByCharacter[Self.renamed])
                let createdDay = try #require(dataset.character(Self.renamed)).created.prefix(10)
                let languages = try Self.languagePrefixes(work.output)
                let pages = ["characters/\(Self.renamed)/index.html", "characters/page/2/index.html",
                             "locations/\(location)/index.html", "search/index.json", "feed.xml", "whats-new/index.html",
                             "whats-new/added-\(createdDay)/index.html"]
                    + dataset.episodeIDs(ofCharacter: Self.renamed).map { "episodes/\($0)/index.html" }
                let required = languages.flatMap { prefix in pages.map { prefix + $0 } }.sorted()
                let renamed = try await Self.build(work, api: base)
                let afterRename = try SiteTreeSnapshot(of: work.output)
                // The pages that show the name: the required ones, plus any list that ranks it (the statistics page's
                // most-seen characters, in a world this small), plus the rebuild's own new page.
                let showingName = afterRename.files.keys.filter {
                    String(decoding: afterRename.files[$0]?.bytes ?? [], as: UTF8.self).contains("Bepisian the Renamed")
                }.sorted()
                #expect(Set(required).isSubset(of: showingName), "\(showingName)")
                let rebuildPages = Self.rebuildPages(renamed.summary.added)
                // The timeline pages 10 groups a page: the rebuild's group may push the last group onto a new page.
                let newTimelinePages = renamed.summary.added.filter { $0.contains("whats-new/page/") && built.files[$0] == nil }
                #expect(renamed.summary.added == (rebuildPages + newTimelinePages).sorted() && rebuildPages.count == languages.count,
                        "\(renamed.summary.added)")
                // The rebuild's group enters the timeline at the top: each later page of it takes one group from the page before.
                // The sitemap lists the rebuild's page; the service worker and each language's offline list name pages
                // by content hash.
                let shifted = afterRename.files.keys.filter { $0.contains("whats-new/page/") } + ["sitemap.xml", "sw.js"]
                    + languages.map { $0 + "offline/files.json" }
                    // What "Welcome back" reads counts the rebuild's change (a count, not the name).
                    + languages.map { $0 + "whats-new/recent.json" }
                    // The character of the day, chosen from the newest group's date: the rebuild's day now (it may
                    // pick the same character again).
                    + languages.map { $0 + "random/index.html" }.filter { afterRename.files[$0] != built.files[$0] }
                let expectedUpdates = Set(showingName).subtracting(rebuildPages).union(shifted).subtracting(newTimelinePages).sorted()
                #expect(renamed.summary.updated == expectedUpdates,
                        "every updated file shows the new name or is a later page of the timeline, and only those")
                #expect(renamed.counts == [rebuildPages.count + newTimelinePages.count, expectedUpdates.count, 0, fileCount - expectedUpdates.count])
                #expect(afterRename.rewrittenFiles(since: built) == expectedUpdates, "unchanged files keep their inode and mtime")
                let unrelatedPage = "characters/\(Self.unrelated)/index.html"
                #expect(afterRename.files[unrelatedPage] == built.files[unrelatedPage])

                try Self.expectFeedEntry(work.output, languages, character: Self.renamed, named: "Bepisian the Renamed", linked: true)

                // A new character, then its removal.
                let newID = Self.characterCount + 1
                await server.setAvatar(try #require(slice.avatars[1]), forCharacter: newID)
                var newcomer = try #require(slice.snapshot.characters.first { $0.id == Self.renamed })
                newcomer.id = newID
                newcomer.name = "Newcomer"
                newcomer.url = SmallWorld.api + "/character/\(newID)"
                newcomer.image = SmallWorld.api + "/character/avatar/\(newID).jpeg"
                let groupsBefore = Self.groupPages(await server.servedSnapshot())
                await server.upsert(newcomer)
                // A copy of Bepisian makes its type shared: the type gets a page of its own.
                let newGroupPages = Self.groupPages(await server.servedSnapshot()).subtracting(groupsBefore)
                #expect(newGroupPages.contains("types/bepisian/index.html"), "\(newGroupPages)")
                let added = try await Self.build(work, api: base)
                let newPages: [String] = ["characters/\(newID)/", "characters/page/4/", "characters/a-z/page/4/",
                                          "characters/most-episodes/page/4/"].map { $0 + "index.html" } + newGroupPages
                let newFiles: [String] = (languages.flatMap { language in newPages.map { language + $0 } }
                    + ["images/characters/\(newID).jpeg"]
                    + [44, 88, 132, 200].map { "images/characters/\(newID)-\($0).jpg" }).sorted()
                let secondRebuildPages = Self.rebuildPages(added.summary.added)
                #expect(secondRebuildPages.count == languages.count && !Set(secondRebuildPages).isSubset(of: rebuildPages))
                #expect(added.summary.added == (newFiles + secondRebuildPages).sorted())
                #expect(added.summary.removed.isEmpty)
                #expect(added.summary.updated.contains("characters/page/3/index.html"), "its pager now links to page 4")
                #expect(!added.summary.updated.contains("characters/\(Self.unrelated)/index.html"))
                try Self.expectFeedEntry(work.output, languages, character: newID, named: "Newcomer", linked: true)

                await server.remove(.character, id: newID)
                let removed = try await Self.build(work, api: base)
                #expect(removed.summary.removed == newFiles)
                // The removal is a change: a rebuild group of its own, in every language.
                let thirdRebuildPages = Self.rebuildPages(removed.summary.added)
                #expect(removed.summary.added == thirdRebuildPages && thirdRebuildPages.count == languages.count,
                        "\(removed.summary.added)")
                // The feed keeps the history, but the entry of a record that is gone no longer links anywhere.
                try Self.expectFeedEntry(work.output, languages, character: newID, named: "Newcomer", linked: false)
                let problems = try SiteChecker(root: work.output).problems()
                #expect(problems.isEmpty, "\(problems.prefix(5))")
            }
        }

        /// "" for the site's main language and "fr/" and the like for the others (folders with a home page).
        static func languagePrefixes(_ output: URL) throws -> [String] {
            let folders = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { name in
                name.count == 2 && FileManager.default.fileExists(atPath: output.appendingPathComponent("\(name)/index.html").path)
            }
            return [""] + folders.sorted().map { $0 + "/" }
        }

        /// The pages of rebuild groups among `paths` (`whats-new/rebuild-…/index.html`, in every language).
        /// The files of the dimension, family group and season pages a snapshot has, 20 characters a page.
        static func groupPages(_ snapshot: Snapshot) -> Set<String> {
            let groups = RecordGroups(Dataset(snapshot))
            func pages(_ count: Int, _ route: (Int) -> Route) -> [String] {
                (1...max(1, (count + 19) / 20)).map { route($0).filePath }
            }
            return Set(groups.dimensions.flatMap { dimension in pages(dimension.residentIDs.count) { .dimension(dimension.slug, page: $0) } }
                + PageFamily.all.flatMap { family in
                    groups.groups(of: family).flatMap { group in
                        pages(group.characterIDs.count) { .familyGroup(family, group.slug, page: $0) }
                    }
                }
                + groups.seasons.flatMap { season in pages(season.castCount) { .season(season.number, page: $0) } })
        }

        static func rebuildPages(_ paths: [String]) -> [String] {
            paths.filter { $0.firstMatch(of: /^([a-z]{2}\/)?whats-new\/rebuild-[0-9A-Z]+\/index\.html$/) != nil }
        }

        /// Every language's feed parses as XML; its newest entry is the latest rebuild's, names the character's
        /// change, and links to the rebuild's page, which links to the character while the record exists.
        static func expectFeedEntry(_ output: URL, _ languages: [String], character id: Int, named name: String, linked: Bool) throws {
            for prefix in languages {
                let feed = try FeedReader.read(Data(contentsOf: output.appendingPathComponent(prefix + "feed.xml")))
                let entry = try #require(feed.entries.first, "\(prefix)feed.xml")
                #expect(entry.summary.contains(name), "\(prefix)feed.xml: \(entry)")
                let slug = try #require(entry.link?.firstMatch(of: /whats-new\/(rebuild-[0-9A-Z]+)\/$/)?.1, "\(entry)")
                let page = try BuildFixture.text(output, prefix + "whats-new/\(slug)/index.html")
                #expect(page.contains(name))
                #expect(page.contains("href=\"/\(prefix)characters/\(id)/\"") == linked, "\(prefix)whats-new/\(slug)/")
                #expect(entry.updated == feed.updated, "the newest entry comes first and dates the feed")
            }
        }

        /// What one `rmwiki build` printed: the summary line's four counts, and the paths behind them as a dry
        /// run made just before (after a `fetch`) lists them.
        struct Outcome {
            let counts: [Int]
            let summary: PublishSummary
            var added: Int { counts[0] }
        }

        static func build(_ work: BuildWorkspace, api: URL) async throws -> Outcome {
            // A dry run builds from the cache as it is, so the cache is refreshed first, as cron's build would.
            let fetch = try await work.run(["fetch", "--api", api.absoluteString, "--cache", work.cache.path, "--quiet"])
            #expect(fetch.code == 0, "\(fetch.err)")
            let preview = try await work.run(work.buildArguments(api: api, quiet: false, extra: ["--dry-run"]))
            #expect(preview.code == 0, "\(preview.err)")
            var summary = PublishSummary()
            for line in preview.out.split(separator: "\n") {
                let path = String(line.dropFirst(2))
                if line.hasPrefix("+ ") { summary.added.append(path) }
                if line.hasPrefix("~ ") { summary.updated.append(path) }
                if line.hasPrefix("- ") { summary.removed.append(path) }
            }
            let result = try await work.run(work.buildArguments(api: api, quiet: false))
            #expect(result.code == 0, "\(result.err)")
            let counts = try summaryCounts(result.out, after: "published ")
            #expect(try summaryCounts(preview.out, after: "would publish: ") == counts, "the dry run foretold the build")
            #expect(Array(counts.prefix(3)) == [summary.added.count, summary.updated.count, summary.removed.count])
            return Outcome(counts: counts, summary: summary)
        }

        /// The counts of "N added, M updated, K removed, U unchanged" on the line starting with `prefix`.
        static func summaryCounts(_ output: String, after prefix: String) throws -> [Int] {
            let line = try #require(output.split(separator: "\n").first { $0.hasPrefix(prefix) }, "\(output)")
            let pattern = /(\d+) added, (\d+) updated, (\d+) removed, (\d+) unchanged/
            let match = try #require(line.firstMatch(of: pattern), "\(line)")
            return [match.1, match.2, match.3, match.4].compactMap { Int($0) }
        }
    }
}
