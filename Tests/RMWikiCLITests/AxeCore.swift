import Foundation
import TestSupport

/// axe-core, the accessibility checker the browser suites run on open pages. It is not in the repository:
/// `.ci/run` unpacks it into `.build/axe-core/` (or `RMWIKI_AXE_JS` names it).
enum AxeCore {
    static let script: String? = {
        let path = ProcessInfo.processInfo.environment["RMWIKI_AXE_JS"]
            ?? SharedFixtures.packageRoot.appendingPathComponent(".build/axe-core/axe.min.js").path
        return try? String(contentsOfFile: path, encoding: .utf8)
    }()

    static let missing = "axe-core not found (set RMWIKI_AXE_JS, or run .ci/run, which unpacks it into .build/axe-core/): the axe-core checks are skipped"
}

extension BrowserSession {
    /// axe-core's serious and critical findings on the open page, as "rule (impact): first elements".
    func axeFindings() async throws -> [String] {
        guard let script = AxeCore.script else { return [] }
        if try await text("typeof axe") != "object" { try await run(script) }
        return try await texts("""
            axe.run(document, { resultTypes: ['violations'] }).then(result => result.violations
              .filter(v => v.impact === 'serious' || v.impact === 'critical')
              .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')))
            """)
    }
}
