import Foundation

/// A temporary folder holding one site's output and cache, and the `rmwiki build` arguments that use them
/// with the project's own theme.
package struct BuildWorkspace: Sendable {
    package let folder: URL
    package let output: URL
    package let cache: URL
    /// Where spawned processes' standard output and error are captured.
    package let logs: URL

    package init(_ label: String) throws {
        folder = try SharedFixtures.temporaryDirectory(label)
        output = folder.appendingPathComponent("site", isDirectory: true)
        cache = folder.appendingPathComponent("cache", isDirectory: true)
        logs = folder.appendingPathComponent("logs", isDirectory: true)
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    }

    /// `build --api URL` (or `build --offline` without one) into this workspace, quietly unless told otherwise.
    package func buildArguments(api: URL?, quiet: Bool = true, extra: [String] = []) -> [String] {
        ["build"] + (api.map { ["--api", $0.absoluteString] } ?? ["--offline"])
            + ["--cache", cache.path, "--output", output.path,
               "--templates", ProjectTheme.templates.path, "--public", ProjectTheme.publicFolder.path]
            + (quiet ? ["--quiet"] : []) + extra
    }

    /// What `rmwiki` keeps beside the output between builds: the last build's state and page records, the mark that
    /// says the folder is rmwiki's to replace, the standby tree and its record; and the lock file, which only a killed
    /// build leaves.
    static let keptBesideOutput: Set<String> = [
        ".site.lock", ".site.build-state", ".site.build-pages", ".site.rmwiki-site", ".site.standby", ".site.standby-state",
    ]

    /// Files `rmwiki` left beside the output (lock, build state, staging folders), by name.
    package func entriesBesideOutput() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { ![output, cache, logs].map(\.lastPathComponent).contains($0) }.sorted()
    }

    /// Entries beside the output other than the lock and the build state (staging folders, temporary files).
    package func leftoversBesideOutput() throws -> [String] {
        try entriesBesideOutput().filter { !Self.keptBesideOutput.contains($0) }
    }

    /// What an interrupted refresh left in the cache (staging folders, temporary files).
    package func leftoversInCache() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cache.path)
            .filter { $0.hasPrefix(".staging-") || $0.hasPrefix(".tmp-") }
    }

    /// Runs the `rmwiki` executable, as cron would: its exit code (128 + the signal if one ended it) and both
    /// outputs. Builds run as processes so their rendering does not occupy the test's few cooperative threads.
    package func run(_ arguments: [String]) async throws -> (code: Int32, out: String, err: String) {
        guard let binary = RMWikiExecutable.path else { throw SpawnError(description: RMWikiExecutable.missingMessage) }
        let result = try await SpawnedProcess.run(binary, arguments, captureIn: logs)
        switch result.termination {
        case .exited(let code): return (code, result.out, result.err)
        case .signaled(let signal): return (128 + signal, result.out, result.err)
        }
    }

    /// Runs `rmwiki` through `rmwiki-bench child`, which reports the process's peak resident memory (`wait4`'s
    /// maximum RSS) in KiB beside its exit code.
    package func runMeasured(_ arguments: [String]) async throws -> (code: Int32, err: String, peakKiB: Int) {
        guard let binary = RMWikiExecutable.path, let bench = RMWikiExecutable.benchPath else {
            throw SpawnError(description: RMWikiExecutable.missingMessage)
        }
        let measures = logs.appendingPathComponent("measures-\(UUID().uuidString)")
        let result = try await SpawnedProcess.run(bench, ["child", measures.path, binary] + arguments, captureIn: logs)
        let fields = ((try? String(contentsOf: measures, encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int($0) }
        // "status wall cpu system maxRSSKiB", as `ChildProcess.launch` in the benchmarks writes it.
        guard result.termination == .exited(0), fields.count == 5 else {
            throw SpawnError(description: "rmwiki-bench child did not report (\(result.termination)): \(result.err)")
        }
        return (Int32(fields[0]), result.err, fields[4])
    }

    package func remove() {
        FolderRemoval.remove(folder)
    }
}
