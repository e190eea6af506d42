import Foundation
import LoopbackAPI
import TestSupport
import Testing

extension InterruptedProcessTests {
    /// SIGKILL the real `rmwiki build` process at many moments of a build that would change the site:
    /// every time, the published folder must be exactly the last good build, and the next builds must work.
    @Suite(.tags(.fullData, .kill), .skippable(.fullData, .kill),
        .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)),
        .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
    struct KillTests {
        /// Kill moments as fractions of a measured build, spread over all of it and denser towards the end, where
        /// rendering finishes and the publish (the standby's update, the switch, the record) runs; changed pages go
        /// into the standby as they are rendered, so most kills after the fetch land while it is open. The measure is the
        /// shortest changing build seen (two before the kills, and any that ends before its kill moment), so load
        /// from other tests does not stretch the schedule past the end of the builds it kills.
        static let schedule: [Double] = [0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.96, 0.98, 1.0]

        @Test func aKilledBuildLeavesThePublishedSiteExactlyAsItWas() async throws {
            let binary = try #require(RMWikiExecutable.path)
            let slice = try SharedSlice(characters: 100)
            let work = try BuildWorkspace("rmwiki-kill")
            defer { work.remove() }

            // A little latency per request gives the fetch phase a window of its own in the schedule.
            try await LoopbackSession.with(slice.server(options: .init(latency: .milliseconds(15)))) { server, base in
                func build(_ arguments: [String]) async throws {
                    let result = try await SpawnedProcess.run(binary, arguments, captureIn: work.logs)
                    #expect(result.termination == .exited(0), "\(arguments.first ?? "") failed: \(result.err)")
                }
                // Each round renames character 1 and gives it a new picture, so the pending build fetches a record
                // and an image, rewrites pages and an avatar, and removes the old avatar when its format changes.
                func change(round: Int) async throws {
                    let pictureID = 1000 + round
                    await server.setAvatar(try #require(slice.avatars[1 + (round + 2) % 90]), forCharacter: pictureID)
                    try await server.updateCharacter(id: 1) { record in
                        record.name = "Rick Sanchez (round \(round))"
                        record.image = base.absoluteString + "/character/avatar/\(pictureID).jpeg"
                    }
                }

                try await build(work.buildArguments(api: base))
                let clock = ContinuousClock()
                var buildTime = Duration.seconds(3600)
                for round in [-2, -1] {
                    try await change(round: round)
                    let started = clock.now
                    try await build(work.buildArguments(api: base))
                    buildTime = min(buildTime, clock.now - started)
                }
                var lastGood = try SiteTreeSnapshot(of: work.output)
                #expect(lastGood.files["characters/1/index.html"] != nil)

                var outcomes: [String] = []
                for (round, fraction) in Self.schedule.enumerated() {
                    try await change(round: round + 1)
                    let process = try SpawnedProcess(binary, work.buildArguments(api: base, quiet: false), captureIn: work.logs)
                    let started = clock.now
                    let (termination, ranOut) = await process.wait(killingAfter: buildTime * fraction)
                    // A build that ended before its kill moment is a truer measure than one taken under load.
                    if !ranOut { buildTime = min(buildTime, clock.now - started) }
                    outcomes.append("\(fraction): \(Self.stage(of: process, termination, beside: try work.entriesBesideOutput()))")

                    let now = try SiteTreeSnapshot(of: work.output)
                    // The lock left by the killed process does not block, and the cache it may have half
                    // updated still loads: an offline build on the same output succeeds.
                    try await build(work.buildArguments(api: nil))
                    let rebuilt = try SiteTreeSnapshot(of: work.output)
                    switch termination {
                    case .signaled(SIGKILL) where now == lastGood:
                        break // Not one published file was written to, replaced or removed.
                    case .signaled(SIGKILL), .exited(0):
                        // Killed after the atomic switch, or finished first: then the whole new site is published,
                        // exactly what an offline build from the same (committed) cache makes.
                        outcomes[outcomes.count - 1] += " after the switch"
                        #expect(now.hasSameContent(as: rebuilt), "round \(round) (\(fraction)): a partial site was published")
                        #expect(now.files["characters/1/index.html"]?.bytes != lastGood.files["characters/1/index.html"]?.bytes)
                    default:
                        Issue.record("round \(round): the build ended with \(termination): \(process.standardError)")
                    }
                    lastGood = rebuilt
                    let leftovers = try work.leftoversBesideOutput()
                    #expect(leftovers.isEmpty, "stale staging folders are removed")
                }
                print("KillTests: build \(buildTime); " + outcomes.joined(separator: "; "))

                // A build nobody kills publishes the latest change, and the site is whole.
                let final = Self.schedule.count + 1
                try await change(round: final)
                try await build(work.buildArguments(api: base))
                let page = try BuildFixture.text(work.output, "characters/1/index.html")
                #expect(page.contains("Rick Sanchez (round \(final))"))
                let problems = try SiteChecker(root: work.output).problems()
                #expect(problems.isEmpty, "\(problems.prefix(5))")
                let besideOutput = try work.leftoversBesideOutput()
                #expect(besideOutput.isEmpty)
                let inCache = try work.leftoversInCache()
                #expect(inCache.isEmpty, "the next online build clears what a killed refresh left in the cache")
            }
        }

        /// Where the killed build was, as far as its progress lines tell (for the log, not asserted).
        static func stage(of process: SpawnedProcess, _ termination: SpawnedProcess.Termination, beside: [String]) -> String {
            if termination == .exited(0) { return "finished" }
            // A staging folder, or a standby without its record: the publish was writing the new tree.
            let standbyOpen = beside.contains(".site.standby") && !beside.contains(".site.standby-state")
            if standbyOpen || beside.contains(where: { $0.contains(".staging-") }) { return "publishing" }
            let progress = process.standardError
            if progress.isEmpty { return "starting" }
            if progress.contains("Avatars:") && progress.hasSuffix("done\n") { return "rendering" }
            return "fetching"
        }
    }
}
