import Foundation
import LoopbackAPI
import TestSupport
import Testing

extension BoundedProcessTests {
    /// Two real `rmwiki build` processes on one output: one publishes, the other stops at once with exit
    /// code 5 and says another build is running; the published folder is a whole site afterwards.
    @Suite(.tags(.fullData, .kill), .skippable(.fullData, .kill),
        .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)),
        .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
    struct ConcurrentBuildTests {
        static let characterCount = 60

        @Test func aBuildStartedWhileAnotherRunsExitsFiveAndTouchesNothing() async throws {
            let binary = try #require(RMWikiExecutable.path)
            let slice = try SharedSlice(characters: Self.characterCount)
            let work = try BuildWorkspace("rmwiki-concurrent")
            defer { work.remove() }

            try await LoopbackSession.with(slice.server()) { server, base in
                let first = try await SpawnedProcess.run(binary, work.buildArguments(api: base), captureIn: work.logs)
                #expect(first.termination == .exited(0), "\(first.err)")
                try await server.updateCharacter(id: 2) { $0.name = "Morty Smith (renamed)" }
                let before = try SiteTreeSnapshot(of: work.output)

                // The running build asks the API only once it holds the lock; the gate keeps its requests
                // unanswered, so it holds the lock for as long as the test needs, without guessing how long a
                // build takes.
                let gate = LoopbackGate()
                await server.setFaults([LoopbackFaultRule(.any, .hold(gate))])
                let running = try SpawnedProcess(binary, work.buildArguments(api: base), captureIn: work.logs)
                await gate.waitForArrival()
                let second: (termination: SpawnedProcess.Termination, out: String, err: String)
                do {
                    second = try await SpawnedProcess.run(binary, work.buildArguments(api: base), captureIn: work.logs)
                    gate.open()
                } catch {
                    gate.open()
                    running.send(SIGKILL)
                    throw error
                }

                #expect(second.termination == .exited(5))
                #expect(second.err.contains("another build (pid \(running.pid)) is running on \(work.output.path)"), "\(second.err)")
                #expect(second.err.split(separator: "\n").count == 1, "one clear line: \(second.err)")
                #expect(try SiteTreeSnapshot(of: work.output) == before, "the refused build wrote nothing")

                #expect(await running.wait() == .exited(0), "\(running.standardError)")
                #expect(try BuildFixture.text(work.output, "characters/2/index.html").contains("Morty Smith (renamed)"))
                try Self.expectWholeSite(work)
            }
        }

        @Test func twoBuildsStartedTogetherNeverBothFail() async throws {
            let binary = try #require(RMWikiExecutable.path)
            let slice = try SharedSlice(characters: Self.characterCount)
            let work = try BuildWorkspace("rmwiki-together")
            defer { work.remove() }

            try await LoopbackSession.with(slice.server()) { server, base in
                let first = try await SpawnedProcess.run(binary, work.buildArguments(api: base), captureIn: work.logs)
                #expect(first.termination == .exited(0), "\(first.err)")
                for round in 1...3 {
                    try await server.updateCharacter(id: 1) { $0.name = "Rick Sanchez (together \(round))" }
                    let builds = try (0..<2).map { _ in
                        try SpawnedProcess(binary, work.buildArguments(api: base), captureIn: work.logs)
                    }
                    var codes: [SpawnedProcess.Termination] = []
                    for build in builds { codes.append(await build.wait()) }
                    // Usually one holds the lock and the other is refused; if one ended before the other locked,
                    // both succeed one after the other. Never both refused, never anything else.
                    #expect(codes.contains(.exited(0)), "round \(round): \(codes)")
                    #expect(codes.allSatisfy { $0 == .exited(0) || $0 == .exited(5) }, "round \(round): \(codes)")
                    for build in builds where build.poll() == .exited(5) {
                        // The pid is named when the holder has written it already, which a build started at the same
                        // instant may not have done yet.
                        #expect(build.standardError.contains("another build"), "\(build.standardError)")
                        #expect(build.standardError.contains("is running on \(work.output.path)"), "\(build.standardError)")
                    }
                    #expect(try BuildFixture.text(work.output, "characters/1/index.html").contains("(together \(round))"))
                    try Self.expectWholeSite(work)
                }
            }
        }

        /// Every page and link is there, and nothing but the lock and build state is left beside the output.
        static func expectWholeSite(_ work: BuildWorkspace) throws {
            let checker = SiteChecker(root: work.output)
            let characterPages = try checker.files().filter { $0.hasPrefix("characters/") && !$0.contains("page/") }
            #expect(characterPages.count == characterCount + 3, "one page per character and the first index page of each order")
            let problems = try checker.problems()
            #expect(problems.isEmpty, "\(problems.prefix(5))")
            let leftovers = try work.leftoversBesideOutput()
            #expect(leftovers.isEmpty)
        }
    }
}
