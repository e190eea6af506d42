import Foundation
import LoopbackAPI
import RickAndMortyAPI
import TestSupport
import Testing

extension PictureProcessTests {
    /// SIGKILL `rmwiki build` while it fetches new pictures, makes and caches their copies and reads a changed
    /// content folder, and `rmwiki fetch` while it stores them: every time the published site is wholly the last
    /// one or wholly the new one, every entry of the picture cache (`<cache>/pictures/`) is wholly an entry of
    /// before or of after, its stamps file (`stamps.tsv`, which bytes each picture file held) whole or absent, and
    /// the next build recovers; at the end the site and the picture cache are exactly
    /// what a build never killed makes.
    @Suite(
        .tags(.kill), .skippable(.kill),
        .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)),
        .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
    struct PictureKillTests {
        /// Kill moments as fractions of each command's run: at first the mean of two runs measured just before,
        /// then the shortest seen (a run that ends before its moment is a truer measure than one taken under load).
        /// Denser where copies are made and the site is published; the few moments a run outlives are left out of
        /// the count printed, which is over 20 on a quiet machine and on one loaded with other builds alike.
        static let schedule: [(command: String, fraction: Double)] =
            [0, 0.1, 0.2, 0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0, 1.1].map { ("build", $0) }
            + [0, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 1.0].map { ("fetch", $0) }
        static let characters = 12
        /// The characters whose picture each round replaces: their copies are made again.
        static let changed = 1...6

        @Test func aKilledBuildOrFetchLeavesTheSiteAndThePictureCacheWhole() async throws {
            let binary = try #require(RMWikiExecutable.path)
            let slice = try SharedSlice(characters: Self.characters)
            // A few locations and episodes only (the characters' other references dangle, as the API's may), so a
            // build takes about a second and the many kills stay quick.
            let world = Snapshot(characters: slice.snapshot.characters, locations: Array(slice.snapshot.locations.prefix(3)),
                                 episodes: Array(slice.snapshot.episodes.prefix(3)))
            let work = try BuildWorkspace("rmwiki-picture-kill")
            // Beside the workspace, not in it: its folder must hold only what rmwiki leaves beside the output.
            let elsewhere = try SharedFixtures.temporaryDirectory("rmwiki-picture-kill-content")
            defer {
                work.remove()
                try? FileManager.default.removeItem(at: elsewhere)
            }
            let content = elsewhere.appendingPathComponent("content")
            let pictures = work.cache.appendingPathComponent("pictures")
            let server = LoopbackAPIServer(snapshot: world, avatars: slice.avatars, options: .init(latency: .milliseconds(5)))

            try await LoopbackSession.with(server) { server, base in
                func arguments(_ command: String, cache: URL, output: URL, quiet: Bool = true) -> [String] {
                    guard command == "build" else { return ["fetch", "--api", base.absoluteString, "--cache", cache.path, "--quiet"] }
                    return ["build", "--api", base.absoluteString, "--cache", cache.path, "--output", output.path,
                            "--templates", ProjectTheme.templates.path, "--public", ProjectTheme.publicFolder.path,
                            "--content", content.path] + (quiet ? ["--quiet"] : [])
                }
                func run(_ command: String) async throws {
                    let result = try await SpawnedProcess.run(binary, arguments(command, cache: work.cache, output: work.output),
                                                              captureIn: work.logs)
                    #expect(result.termination == .exited(0), "\(command) failed: \(result.err)")
                }
                // A round gives characters 1…6 pictures of new bytes (another character's avatar, tagged with the
                // round), renames character 1 and rewrites the home page's and character 1's prose.
                func change(round: Int) async throws {
                    for id in Self.changed {
                        let picture = round * 1000 + id
                        let source = try #require(slice.avatars[1 + (id + round + Self.characters) % Self.characters])
                        await server.setAvatar(LoopbackAvatar(bytes: TaggedPicture.tagged(source.bytes, "round \(round)")),
                                               forCharacter: picture)
                        try await server.updateCharacter(id: id) { record in
                            if id == 1 { record.name = "Rick Sanchez (round \(round))" }
                            record.image = base.absoluteString + "/character/avatar/\(picture).jpeg"
                        }
                    }
                    try FileManager.default.createDirectory(at: content.appendingPathComponent("characters"),
                                                            withIntermediateDirectories: true)
                    try Data("Round \(round) of the wiki.\n".utf8).write(to: content.appendingPathComponent("home.md"))
                    try Data("Rick in round \(round).\n".utf8).write(to: content.appendingPathComponent("characters/1.md"))
                }

                try await change(round: 0)
                try await run("build")
                let clock = ContinuousClock()
                var times: [String: Duration] = [:]
                for (round, command) in [(-4, "fetch"), (-3, "fetch"), (-2, "build"), (-1, "build")] {
                    try await change(round: round)
                    let started = clock.now
                    try await run(command)
                    times[command, default: .zero] += (clock.now - started) / 2
                }
                try await run("build")
                var lastGood = try SiteTreeSnapshot(of: work.output)

                var outcomes: [String] = []
                var kills = 0
                for (index, moment) in Self.schedule.enumerated() {
                    let round = index + 1
                    try await change(round: round)
                    let cacheBefore = DirectoryDigest.contents(of: pictures)
                    let process = try SpawnedProcess(binary, arguments(moment.command, cache: work.cache, output: work.output),
                                                     captureIn: work.logs)
                    let limit = (times[moment.command] ?? .seconds(1)) * moment.fraction
                    let started = clock.now
                    let (termination, ranOut) = await process.wait(killingAfter: limit)
                    if !ranOut { times[moment.command] = min(times[moment.command] ?? limit, clock.now - started) }
                    if termination == .signaled(SIGKILL) { kills += 1 }
                    let site = try SiteTreeSnapshot(of: work.output)
                    let cacheKilled = DirectoryDigest.contents(of: pictures)

                    // The next build fetches what the killed run did not, and publishes.
                    try await run("build")
                    let recovered = try SiteTreeSnapshot(of: work.output)
                    let cacheRecovered = DirectoryDigest.contents(of: pictures)
                    let label = "\(moment.command) killed at \(moment.fraction) (\(termination))"
                    let made = cacheKilled.keys.filter { $0.hasSuffix("/") && cacheBefore[$0] == nil && !$0.hasPrefix(".staging-") }.count
                    outcomes.append("\(moment.fraction) \(moment.command) (\(termination)): \(site == lastGood ? "old" : "new") site, "
                                    + "\(made) of \(Self.changed.count) copies cached")

                    #expect(site == lastGood || site.hasSameContent(as: recovered), "\(label): a partial site was published")
                    if moment.command == "fetch" { #expect(site == lastGood, "\(label): a fetch changed the site") }
                    for problem in Self.partialEntries(cacheKilled, before: cacheBefore, after: cacheRecovered) {
                        Issue.record("\(label): \(problem)")
                    }
                    for stamps in [cacheKilled, cacheRecovered].compactMap({ $0[Self.stampsFile] }) {
                        let text = String(decoding: stamps, as: UTF8.self)
                        #expect(text.hasPrefix("rmwiki picture stamps 1\n") && text.hasSuffix("\n"), "\(label): \(text.suffix(200))")
                    }
                    #expect(!cacheRecovered.keys.contains { $0.hasPrefix(".staging-") || $0.hasPrefix(".tmp-") },
                            "\(label): staging left in pictures/")
                    let page = try BuildFixture.text(work.output, "characters/1/index.html")
                    #expect(page.contains("Rick Sanchez (round \(round))") && page.contains("Rick in round \(round)."), "\(label)")
                    #expect(try BuildFixture.text(work.output, "index.html").contains("Round \(round) of the wiki."), "\(label)")
                    let leftovers = try work.leftoversBesideOutput()
                    #expect(leftovers.isEmpty, "\(label): \(leftovers)")
                    #expect(try work.leftoversInCache().isEmpty, "\(label)")
                    lastGood = recovered
                }
                print("PictureKillTests: \(kills) kills; \(times); " + outcomes.joined(separator: "; "))

                // A build never killed, from an empty cache, makes the same copies and the same picture cache (its
                // other pages differ: it has no history of the rounds for "What's new").
                let fresh = elsewhere.appendingPathComponent("fresh")
                let cold = try await SpawnedProcess.run(
                    binary, arguments("build", cache: fresh.appendingPathComponent("cache"), output: fresh.appendingPathComponent("site")),
                    captureIn: work.logs)
                #expect(cold.termination == .exited(0), "\(cold.err)")
                let copies = try SiteTreeSnapshot(of: fresh.appendingPathComponent("site")).files.filter { $0.key.hasPrefix("images/characters/") }
                #expect(!copies.isEmpty && copies.allSatisfy { lastGood.files[$0.key]?.bytes == $0.value.bytes })
                #expect(copies.count == lastGood.files.keys.filter { $0.hasPrefix("images/characters/") }.count)
                // The stamps name each cache's own files (their inodes and dates), so they differ.
                #expect(DirectoryDigest.contents(of: fresh.appendingPathComponent("cache/pictures")).filter { $0.key != Self.stampsFile }
                        == DirectoryDigest.contents(of: pictures).filter { $0.key != Self.stampsFile })
                let problems = try SiteChecker(root: work.output).problems()
                #expect(problems.isEmpty, "\(problems.prefix(5))")
            }
        }

        static let stampsFile = "stamps.tsv"

        /// The entries of the picture cache after a kill that are neither the entry of that name before the kill
        /// nor the one after the next build, file for file (staging folders and the stamps' temporary file aside: the next
        /// build removes them; the stamps file too, which a build may write again with pictures it left out as too freshly changed).
        static func partialEntries(_ killed: [String: Data], before: [String: Data], after: [String: Data]) -> [String] {
            func entries(_ digest: [String: Data]) -> [String: [String: Data]] {
                var result: [String: [String: Data]] = [:]
                for (path, data) in digest where !path.hasPrefix(".staging-") && !path.hasPrefix(".tmp-") && path != stampsFile {
                    let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
                    result[parts[0], default: [:]][parts.count > 1 ? parts[1] : ""] = data
                }
                return result
            }
            let old = entries(before), new = entries(after)
            return entries(killed).compactMap { name, files in
                files == old[name] || files == new[name] ? nil : "the picture cache's entry \(name) is partial or wrong"
            }.sorted()
        }
    }
}
