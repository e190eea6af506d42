import Foundation

/// Locates `../shared` (beside the package root) so tests read the verified data in place.
package enum SharedFixtures {
    package static let packageRoot: URL = {
        // Tests/TestSupport/SharedFixtures.swift → package root is three levels up.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }()

    package static let sharedFolder: URL = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    package static let apiFolder: URL = sharedFolder.appendingPathComponent("rickandmorty-api")
    package static let mustacheSpecFolder: URL = sharedFolder.appendingPathComponent("mustache-spec")

    package static var hasAPIData: Bool {
        FileManager.default.fileExists(atPath: apiFolder.appendingPathComponent("characters.json").path)
    }

    package static var hasMustacheSpec: Bool {
        FileManager.default.fileExists(atPath: mustacheSpecFolder.appendingPathComponent("interpolation.json").path)
    }

    package static let missingAPIDataMessage =
        "../shared/rickandmorty-api is absent: the full-dataset tests need it beside the package root"
    package static let missingMustacheSpecMessage =
        "../shared/mustache-spec is absent: the Mustache conformance suite needs it beside the package root"

    /// A fresh temporary directory, removed by the caller (or by the OS).
    package static func temporaryDirectory(_ label: String = "rmwiki") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
