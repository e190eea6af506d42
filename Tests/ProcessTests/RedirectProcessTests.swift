import Foundation
import LoopbackAPI
import TestSupport
import Testing

extension NightlyProcessTests {
    @Suite(.enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
    struct RedirectProcessTests {
        /// An API behind a plain static file server: every collection URL answers 301 to its form with a slash.
        @Test func aBuildBehindTrailingSlashRedirectsSucceeds() async throws {
            let work = try BuildWorkspace("rmwiki-redirects")
            defer { work.remove() }
            try await LoopbackSession.with(LoopbackAPIServer(snapshot: HostileWorld.snapshot, avatars: HostileWorld.avatars)) { server, base in
                await server.setFaults(["character", "location", "episode"].map {
                    LoopbackFaultRule(.pathPrefix("/api/\($0)?"), .addTrailingSlash(status: 301))
                })
                let result = try await work.run(work.buildArguments(api: base))
                #expect(result.code == 0, "\(result.err)")
                #expect(FileManager.default.fileExists(atPath: work.output.appendingPathComponent("characters/1/index.html").path))
                #expect(await server.requestLog().contains { $0.target == "/api/episode/?page=1" && $0.status == 200 })
            }
        }
    }
}
