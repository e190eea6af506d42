import Foundation

/// The `rmwiki` binary built beside the test bundle, for tests that run the real process
/// (SIGKILL, two builds at once, the shared full-site build): under `swift test -c release`, as CI runs, the
/// release build, which renders the full dataset in a third of a debug build's CPU time. `RMWIKI_EXECUTABLE`
/// overrides the search.
package enum RMWikiExecutable {
    package static let path: String? = {
        candidates().first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    package static let missingMessage =
        "the rmwiki executable was not found beside the test bundle; build it with `swift build` or set RMWIKI_EXECUTABLE"

    /// `rmwiki-bench`, built beside it: its `child` command runs a program and reports the program's own peak
    /// memory (see `ChildProcess`), which a test cannot learn from a child it spawns itself.
    package static let benchPath: String? = {
        candidates(named: "rmwiki-bench").first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static func candidates(named name: String = "rmwiki") -> [String] {
        var folders: [URL] = []
        // Linux runs the tests from a plain executable in the build folder; macOS from an .xctest bundle inside it.
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        folders.append(SharedFixtures.packageRoot.appendingPathComponent(".build/debug"))
        let found = folders.map { $0.appendingPathComponent(name).standardizedFileURL.path }
        guard name == "rmwiki" else { return found }
        // Made absolute here: some tests run rmwiki in another folder.
        let override = ProcessInfo.processInfo.environment["RMWIKI_EXECUTABLE"].map { [URL(fileURLWithPath: $0).standardizedFileURL.path] } ?? []
        return override + found
    }
}
