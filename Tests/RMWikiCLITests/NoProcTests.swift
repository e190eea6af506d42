import Foundation
@testable import RMWikiCLI
import TestSupport
import Testing

/// Without `/proc` the Swift runtime loses the command line and Dispatch traps at random (SIGILL in 4 of 20
/// runs, issue 29.8): rmwiki checks first and stops with one line, every time.
@Suite(.tags(.process), .skippable(.process)) struct NoProcTests {
    @Test func aMissingProcIsNamedWithWhatToDo() throws {
        let folder = try SharedFixtures.temporaryDirectory()
        let problem = try #require(ProcFileSystem.problem(root: folder.path, processID: 42))
        #expect(problem.hasPrefix("rmwiki: cannot read \(folder.path)/42/stat: \(folder.path) is not mounted here"), "\(problem)")
        #expect(problem.contains("mount -t proc proc \(folder.path)"))

        try FileManager.default.createDirectory(at: folder.appendingPathComponent("42"), withIntermediateDirectories: true)
        try Data("42 (rmwiki) R".utf8).write(to: folder.appendingPathComponent("42/stat"))
        #expect(ProcFileSystem.problem(root: folder.path, processID: 42) == nil)
        #expect(ProcFileSystem.problem() == nil, "this machine's /proc is mounted")
    }

    /// The real binary in a mount namespace of its own whose `/proc` is an empty tmpfs (the machine's `/proc`
    /// is untouched: `unshare` makes the namespace's mounts private). Each run ends the same way: the one line
    /// and exit 1, never a signal, never a build.
    @Test(.enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)),
          .enabled("needs `unshare --mount` and `mount` (root or CAP_SYS_ADMIN); skipped where they are not permitted") {
              await NoProcNamespace.isPermitted()
          })
    func withoutProcEveryRunStopsWithOneLine() async throws {
        let binary = try #require(RMWikiExecutable.path)
        let folder = try SharedFixtures.temporaryDirectory("rmwiki-no-proc")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("site")
        for run in 1...20 {
            let result = try await NoProcNamespace.run([binary, "build", "--demo", "--output", output.path], captureIn: folder)
            #expect(result.termination == .exited(1), "run \(run): \(result.termination)\n\(result.err)")
            #expect(result.err.hasPrefix("rmwiki: cannot read /proc/") && result.err.contains("/proc is not mounted here"),
                    "run \(run): \(result.err)")
            #expect(result.out.isEmpty, "run \(run): \(result.out)")
            #expect(!FileManager.default.fileExists(atPath: output.path), "run \(run) built a site")
        }
    }
}

/// Runs a command with an empty tmpfs over `/proc`, in a mount namespace of its own.
enum NoProcNamespace {
    static let unshare = "/usr/bin/unshare"

    static func run(_ command: [String], captureIn folder: URL) async throws -> (termination: SpawnedProcess.Termination, out: String, err: String) {
        try await SpawnedProcess.run(
            unshare, ["--mount", "--propagation", "private", "--fork", "/bin/sh", "-c", #"mount -t tmpfs none /proc && exec "$@""#, "sh"] + command,
            captureIn: folder)
    }

    static func isPermitted() async -> Bool {
        guard FileManager.default.isExecutableFile(atPath: unshare),
              let folder = try? SharedFixtures.temporaryDirectory("rmwiki-no-proc-probe") else { return false }
        defer { try? FileManager.default.removeItem(at: folder) }
        let probe = try? await run(["/bin/sh", "-c", "test ! -e /proc/self/stat"], captureIn: folder)
        return probe?.termination == .exited(0)
    }
}
