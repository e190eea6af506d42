import Foundation
#if canImport(Glibc)
import Glibc
#endif

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

    /// A fresh temporary directory inside this test process's own folder (`rmwiki-tests-<pid>` in the system's
    /// temporary folder), which goes when the process exits: a test that fails, or forgets, leaves nothing behind
    /// (each run used to leave some 5 GB of sites, caches and content folders in /tmp).
    package static func temporaryDirectory(_ label: String = "rmwiki") throws -> URL {
        let url = TestProcessFolder.root.appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// The folder that holds every temporary folder of one test process. Made on first use, removed at exit; the
/// folders of earlier runs whose process is gone (killed, crashed, stopped by a time limit) are removed then too.
enum TestProcessFolder {
    static let prefix = "rmwiki-tests-"

    static let root: URL = {
        let temporary = FileManager.default.temporaryDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH else { continue }
            FolderRemoval.remove(temporary.appendingPathComponent(name))
        }
        let root = temporary.appendingPathComponent(prefix + String(getpid()), isDirectory: true)
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { FolderRemoval.remove(TestProcessFolder.root) }
        return root
    }()
}
