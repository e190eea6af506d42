import Foundation
import LoopbackAPI
import TestSupport
import Testing

extension NightlyProcessTests {
    /// `fetch` and `build` write only into `--cache` and the output: nothing in `$HOME` (Foundation's URL cache
    /// and cookie folders, `~/.cache/org.swift.foundation.URLCache/rmwiki` and `~/.local/share/<folder of the
    /// binary>`, used to appear there, issue 29.8) nor in the current folder.
    @Suite(.enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
    struct FetchHomeTests {
        @Test func aFetchAndABuildLeaveAnEmptyHomeEmpty() async throws {
            let binary = try #require(RMWikiExecutable.path)
            let work = try BuildWorkspace("rmwiki-fetch-home")
            defer { work.remove() }
            let home = work.folder.appendingPathComponent("home")
            // Foundation's fallback for a folder it cannot make is the current folder: that stays empty too.
            let current = work.folder.appendingPathComponent("current")
            for folder in [home, current] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            let server = LoopbackAPIServer(snapshot: HostileWorld.snapshot, avatars: HostileWorld.avatars)
            try await LoopbackSession.with(server) { _, base in
                // A user's environment with a home and nothing else: no XDG_* variables.
                let environment = ["-i", "-C", current.path, "HOME=\(home.path)", "PATH=/usr/bin:/bin", binary]
                for arguments in [
                    ["fetch", "--api", base.absoluteString, "--cache", work.cache.path, "--quiet"],
                    work.buildArguments(api: base),
                ] {
                    let result = try await SpawnedProcess.run("/usr/bin/env", environment + arguments, captureIn: work.logs)
                    #expect(result.termination == .exited(0), "\(arguments[0]): \(result.err)")
                }
            }
            #expect(FileManager.default.fileExists(atPath: work.output.appendingPathComponent("index.html").path))
            for folder in [home, current] {
                let written = FileManager.default.subpaths(atPath: folder.path) ?? []
                #expect(written.isEmpty, "written into \(folder.lastPathComponent): \(written.sorted())")
            }
        }
    }
}
