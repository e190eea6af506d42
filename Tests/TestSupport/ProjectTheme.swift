import Foundation

/// The project's own `Templates/` and `Public/`, which every build test renders with.
public enum ProjectTheme {
    public static let templates = SharedFixtures.packageRoot.appendingPathComponent("Templates")
    public static let publicFolder = SharedFixtures.packageRoot.appendingPathComponent("Public")
}
