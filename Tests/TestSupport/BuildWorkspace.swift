import Foundation

/// A temporary folder holding one site's output and cache, and the `rmwiki build` arguments that use them
/// with the project's own theme.
public struct BuildWorkspace: Sendable {
    public let folder: URL
    public let output: URL
    public let cache: URL
    /// Where spawned processes' standard output and error are captured.
    public let logs: URL

    public init(_ label: String) throws {
        folder = try SharedFixtures.temporaryDirectory(label)
        output = folder.appendingPathComponent("site", isDirectory: true)
        cache = folder.appendingPathComponent("cache", isDirectory: true)
        logs = folder.appendingPathComponent("logs", isDirectory: true)
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    }

    /// `build --api URL` (or `build --offline` without one) into this workspace, quietly unless told otherwise.
    public func buildArguments(api: URL?, quiet: Bool = true, extra: [String] = []) -> [String] {
        ["build"] + (api.map { ["--api", $0.absoluteString] } ?? ["--offline"])
            + ["--cache", cache.path, "--output", output.path,
               "--templates", ProjectTheme.templates.path, "--public", ProjectTheme.publicFolder.path]
            + (quiet ? ["--quiet"] : []) + extra
    }

    /// Files `rmwiki` keeps beside the output (lock file, staging folders), by name.
    public func entriesBesideOutput() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { ![output, cache, logs].map(\.lastPathComponent).contains($0) }.sorted()
    }

    public func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
