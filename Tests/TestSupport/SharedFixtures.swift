import Foundation

/// Locates `../shared` (beside the package root) so tests read the verified data in place.
public enum SharedFixtures {
    public static let packageRoot: URL = {
        // Tests/TestSupport/SharedFixtures.swift → package root is three levels up.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }()

    public static let sharedFolder: URL = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    public static let apiFolder: URL = sharedFolder.appendingPathComponent("rickandmorty-api")
    public static let mustacheSpecFolder: URL = sharedFolder.appendingPathComponent("mustache-spec")

    public static var hasAPIData: Bool {
        FileManager.default.fileExists(atPath: apiFolder.appendingPathComponent("characters.json").path)
    }

    public static var hasMustacheSpec: Bool {
        FileManager.default.fileExists(atPath: mustacheSpecFolder.appendingPathComponent("interpolation.json").path)
    }

    public static let missingAPIDataMessage =
        "../shared/rickandmorty-api is absent: the full-dataset tests need it beside the package root"
    public static let missingMustacheSpecMessage =
        "../shared/mustache-spec is absent: the Mustache conformance suite needs it beside the package root"

    /// A fresh temporary directory, removed by the caller (or by the OS).
    public static func temporaryDirectory(_ label: String = "rmwiki") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
