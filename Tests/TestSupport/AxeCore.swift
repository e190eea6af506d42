import Foundation

/// axe-core, the accessibility checker the browser suites run on open pages. It is not in the repository:
/// `.ci/run` unpacks it into `.build/axe-core/` (or `RMWIKI_AXE_JS` names it).
package enum AxeCore {
    package static let script: String? = {
        let path = ProcessInfo.processInfo.environment["RMWIKI_AXE_JS"]
            ?? SharedFixtures.packageRoot.appendingPathComponent(".build/axe-core/axe.min.js").path
        return try? String(contentsOfFile: path, encoding: .utf8)
    }()

    /// The rules whose outcome depends on colours: text contrast, and links told from the text around them by
    /// colour alone.
    package static let colourRules = "['color-contrast', 'link-in-text-block']"

    package static let missing = "axe-core not found (set RMWIKI_AXE_JS, or run .ci/run, which unpacks it into .build/axe-core/): the axe-core checks are skipped"
}

extension BrowserSession {
    /// axe-core's serious and critical findings on the open page, as "rule (impact): first elements".
    ///
    /// `coloursOnly` runs only the rules that read colours: for the page in its second colour scheme, once every
    /// rule has run on it in the first. The dark scheme changes nothing but colours (`ThemeTests` holds the
    /// stylesheet to that), so the other rules would find what they found; a run of them all took most of the
    /// browser suites' axe time.
    package func axeFindings(coloursOnly: Bool = false) async throws -> [String] {
        guard let script = AxeCore.script else { return [] }
        if try await text("typeof axe") != "object" { try await run(script) }
        let only = coloursOnly ? "runOnly: { type: 'rule', values: \(AxeCore.colourRules) }, " : ""
        return try await texts("""
            axe.run(document, { \(only)resultTypes: ['violations'] }).then(result => result.violations
              .filter(v => v.impact === 'serious' || v.impact === 'critical')
              .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')))
            """)
    }
}
