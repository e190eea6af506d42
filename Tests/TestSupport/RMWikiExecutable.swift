import Foundation

/// The `rmwiki` binary built beside the test bundle, for tests that run the real process
/// (SIGKILL, two builds at once). `RMWIKI_EXECUTABLE` overrides the search.
package enum RMWikiExecutable {
    package static let path: String? = {
        candidates().first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    package static let missingMessage =
        "the rmwiki executable was not found beside the test bundle; build it with `swift build` or set RMWIKI_EXECUTABLE"

    static func candidates() -> [String] {
        var folders: [URL] = []
        // Linux runs the tests from a plain executable in the build folder; macOS from an .xctest bundle inside it.
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        folders.append(SharedFixtures.packageRoot.appendingPathComponent(".build/debug"))
        let found = folders.map { $0.appendingPathComponent("rmwiki").standardizedFileURL.path }
        let override = ProcessInfo.processInfo.environment["RMWIKI_EXECUTABLE"].map { [$0] } ?? []
        return override + found
    }
}
