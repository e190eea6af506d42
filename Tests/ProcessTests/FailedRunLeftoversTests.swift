import Foundation
import LoopbackAPI
import TestSupport
import Testing

/// A failed run leaves nothing behind but what the README says is kept, and the output is checked again just
/// before the switch: a folder that stopped being rmwiki's to replace during the fetch is left as it is.
/// On a thread of its own (`.ownThread`): while the gate holds the fetch, `rmwiki` waits on URLSession, which on
/// Linux keeps a core busy waiting for an answer (corelibs' socket sources fire again and again), so the test must
/// open the gate as soon as the fetch arrives, not once a pool thread is free (13.8 CPU-s of `rmwiki` in a full run).
@Suite(.ownThread, .tags(.process), .skippable(.process), .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
struct FailedRunLeftoversTests {
    /// The workspace's own entries (the output's parent): what a failed run must leave exactly as it found.
    func besideOutput(_ work: BuildWorkspace) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: work.folder.path).filter { $0 != work.logs.lastPathComponent }.sorted()
    }

    @Test func aFileWrittenIntoTheOutputDuringTheFetchIsKept() async throws {
        let binary = try #require(RMWikiExecutable.path)
        let work = try BuildWorkspace("rmwiki-recheck")
        defer { work.remove() }
        try await LoopbackSession.with(LoopbackAPIServer(snapshot: SmallWorld.snapshot)) { server, base in
            // The build checks its output (missing: fine), then fetches; the gate holds the fetch while
            // someone makes the folder and writes into it.
            let gate = LoopbackGate()
            await server.setFaults([LoopbackFaultRule(.any, .hold(gate))])
            let running = try SpawnedProcess(binary, work.buildArguments(api: base), captureIn: work.logs)
            await gate.waitForArrival()
            try FileManager.default.createDirectory(at: work.output, withIntermediateDirectories: true)
            let notes = Data("mine\n".utf8)
            try notes.write(to: work.output.appendingPathComponent("notes.txt"))
            gate.open()

            #expect(await running.wait() == .exited(2), "\(running.standardError)")
            let error = running.standardError
            #expect(error.contains("refusing to publish into \(work.output.path): it holds 1 entry that rmwiki did not publish (notes.txt)"),
                    "\(error)")
            // SmallWorld serves no pictures: their warning may come first; the failure is one line.
            #expect(error.split(separator: "\n").filter { !$0.contains("warning:") }.count == 1, "one line: \(error)")
            #expect(DirectoryDigest.contents(of: work.output) == ["notes.txt": notes])
            // No marker claiming the folder, no staging folder, no lock; the cache the fetch committed stays.
            #expect(try besideOutput(work) == [work.cache.lastPathComponent, work.output.lastPathComponent])
        }
    }

    @Test func aBuildFailingOnATemplateLeavesTheOutputsFolderAsItWas() async throws {
        let work = try BuildWorkspace("rmwiki-failed-template")
        defer { work.remove() }
        let theme = work.folder.appendingPathComponent("theme")
        try FileManager.default.copyItem(at: ProjectTheme.templates, to: theme)
        try Data("{{#unclosed}}\n".utf8).write(to: theme.appendingPathComponent("layout.mustache"))
        let before = try besideOutput(work)
        // Into the output, and into an output whose parents are missing: the lock made them, and takes them away.
        for output in [work.output, work.folder.appendingPathComponent("new/sites/wiki")] {
            let result = try await work.run(["build", "--demo", "--quiet", "--output", output.path, "--templates", theme.path,
                                             "--public", ProjectTheme.publicFolder.path])
            #expect(result.code == 4, "\(result.err)")
            #expect(try besideOutput(work) == before, "left behind")
        }
    }

    @Test func aFirstFetchThatFailsLeavesNoCacheAndNoLock() async throws {
        let work = try BuildWorkspace("rmwiki-failed-fetch")
        defer { work.remove() }
        let before = try besideOutput(work)
        // A closed port: every request fails, until --max-time ends the fetch.
        let result = try await work.run(work.buildArguments(api: URL(string: "http://127.0.0.1:1/api"), extra: ["--max-time", "1s"]))
        #expect(result.code == 3, "\(result.err)")
        #expect(try besideOutput(work) == before, "left behind")
    }
}
