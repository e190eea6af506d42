import Foundation
import LoopbackAPI
import TestSupport
import Testing

extension BoundedProcessTests {
    /// A nightly fetch that fails part-way cancels its other requests while their answers arrive. That once hung
    /// the build for ever (a corelibs URLSession deadlock between cancellation and completion), holding the build
    /// lock against every later night. Each build here runs as a process with a watchdog, so a hang is a failure.
    @Suite(.tags(.fullData), .skippable(.fullData),
        .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)),
        .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
    struct NightlyFetchFailureTests {
        static let rounds = 20
        static let watchdog = Duration.seconds(120)

        @Test func aFailingFetchExitsThreeInsteadOfHanging() async throws {
            let binary = try #require(RMWikiExecutable.path)
            let slice = try SharedSlice(characters: 100)
            let work = try BuildWorkspace("rmwiki-fetch-failure")
            defer { work.remove() }
            try await LoopbackSession.with(slice.server()) { server, base in
                let good = try await SpawnedProcess.run(binary, work.buildArguments(api: base), captureIn: work.logs)
                #expect(good.termination == .exited(0), "\(good.err)")
                let published = try SiteTreeSnapshot(of: work.output)
                for round in 0..<Self.rounds {
                    // Every page changes, so no answer is a quick 304; one page fails while the others are in flight.
                    try await server.updateEpisode(id: 1) { $0.name = "Pilot (round \(round))" }
                    try await server.updateCharacter(id: 1) { $0.name = "Rick (round \(round))" }
                    try await server.updateLocation(id: 1) { $0.name = "Earth (round \(round))" }
                    await server.setFaults([LoopbackFaultRule(.path("/api/location?page=\(2 + round % 5)"), .status(404))])
                    let build = try SpawnedProcess(binary, work.buildArguments(api: base), captureIn: work.logs)
                    let termination = await build.wait(killingAfter: Self.watchdog).termination
                    #expect(termination == .exited(3), "round \(round): \(termination) \(build.standardError)")
                    #expect(try SiteTreeSnapshot(of: work.output) == published)
                }
                await server.clearFaults()
            }
        }
    }
}
