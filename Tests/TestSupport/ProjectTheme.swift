import Foundation

/// The project's own `Templates/` and `Public/`, which every build test renders with.
package enum ProjectTheme {
    package static let templates = SharedFixtures.packageRoot.appendingPathComponent("Templates")
    package static let publicFolder = SharedFixtures.packageRoot.appendingPathComponent("Public")
}
