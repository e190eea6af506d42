import Foundation
import LoopbackAPI

/// The whole real dataset fetched from a loopback copy of the API and built with the project's theme by the
/// `rmwiki` process, once per test process, for the suites that only read the full site (or serve it to a
/// browser). A full build is the suite's dearest step, so it is done once; a spawned process keeps its
/// rendering off the tests' few cooperative threads.
///
/// Read-only: no test writes into it or rebuilds it.
package struct FullSite: Sendable {
    private let workspace: BuildWorkspace
    /// What `rmwiki build` said (not quiet, so the summary lines are there to check).
    let code: Int32
    package let out: String
    package let err: String

    package var output: URL { workspace.output }

    private static let shared = Task { try await FullSite() }

    /// The site, built by the first suite that asks and shared with every other.
    package static func built() async throws -> FullSite {
        let site = try await shared.value
        guard site.code == 0 else { throw SpawnError(description: "the shared full-site build failed (\(site.code)): \(site.err)") }
        return site
    }

    private init() async throws {
        // In this test process's temporary folder, so it goes when the run ends.
        let workspace = try BuildWorkspace("rmwiki-full-site")
        let result = try await LoopbackSession.withSharedData { _, base in
            try await workspace.run(workspace.buildArguments(api: base, quiet: false))
        }
        self.workspace = workspace
        (code, out, err) = result
    }
}
