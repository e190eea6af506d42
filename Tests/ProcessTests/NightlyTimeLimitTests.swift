import Foundation
import LoopbackAPI
@testable import SiteOutput
import TestSupport
import Testing

extension NightlyProcessTests {
    /// `--max-time` bounds a nightly fetch that the API throttles to a crawl: the build exits 3, says how far it
    /// got and what to do, and leaves the site and the cache as they were.
    @Suite(.tags(.fullData), .skippable(.fullData),
        .enabled(if: SharedFixtures.hasAPIData, Comment(rawValue: SharedFixtures.missingAPIDataMessage)),
        .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
    struct NightlyTimeLimitTests {
        @Test func aThrottledBuildStopsAtMaxTimeAndChangesNothing() async throws {
            let slice = try SharedSlice(characters: 40)
            let work = try BuildWorkspace("rmwiki-max-time")
            defer { work.remove() }
            try await LoopbackSession.with(slice.server()) { server, base in
                let good = try await work.run(work.buildArguments(api: base))
                #expect(good.code == 0, "\(good.err)")
                let published = try SiteTreeSnapshot(of: work.output)
                let cached = try SiteTreeSnapshot(of: work.cache)

                // Twelve page requests at two a second need five seconds at least; the limit is one. No
                // `Retry-After`: one longer than what is left fails at once, saying so (`ThrottlingTests`).
                try await server.updateCharacter(id: 1) { $0.name = "Rick (renamed)" }
                await server.setRateLimit(LoopbackRateLimit(requests: 2, retryAfter: ""))
                let build = try await work.run(work.buildArguments(api: base, extra: ["--max-time", "1s"]))
                #expect(build.code == 3, "\(build.err)")
                #expect(build.err.hasPrefix("rmwiki: build failed: the fetch did not finish within --max-time 1s (Records: "))
                #expect(build.err.contains(" requests done, throttled by the API to "))
                #expect(build.err.contains("the cache is unchanged: run it again with a longer --max-time"))
                #expect(try SiteTreeSnapshot(of: work.output) == published)
                #expect(try SiteTreeSnapshot(of: work.cache) == cached)
                #expect(try work.leftoversInCache().isEmpty)
            }
        }
    }
}
