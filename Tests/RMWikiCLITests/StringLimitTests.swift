import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import TestSupport
import Testing
@testable import WikiBuild

extension NightlyProcessTests {
    /// A record string of 1 MiB would be written into every page that names the record: it is cut to
    /// `StringLimit.maximum`, a warning names the record even with `--quiet`, and the site keeps its size.
    @Suite(.enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
    struct StringLimitTests {
        @Test func aMebibyteNameIsCutWithAWarning() async throws {
            let work = try BuildWorkspace("rmwiki-long-name")
            defer { work.remove() }
            let snapshot = GeneratedSnapshot.make()
            try await LoopbackSession.with(LoopbackAPIServer(snapshot: snapshot)) { server, base in
                let normal = try await work.run(work.buildArguments(api: base))
                #expect(normal.code == 0, "\(normal.err)")
                let normalSize = try Self.size(of: work.output)

                let long = String(repeating: "a", count: 1 << 20)
                try await server.updateCharacter(id: 7) { $0.name = long }
                let result = try await work.run(work.buildArguments(api: base))
                #expect(result.code == 0, "\(result.err)")
                #expect(result.err.contains("warning: strings longer than 500 characters were cut"), "\(result.err)")
                #expect(result.err.contains("character 7 name (1048576 characters)"), "\(result.err)")
                #expect(result.err.utf8.count < 1_000, "the warning does not repeat the string")

                let page = try String(
                    contentsOf: work.output.appendingPathComponent("characters/7/index.html"), encoding: .utf8)
                #expect(page.contains(String(repeating: "a", count: 499) + "…"))
                #expect(!page.contains(String(repeating: "a", count: 500)))
                let size = try Self.size(of: work.output)
                #expect(size < normalSize + 200_000, "\(normalSize) bytes, then \(size)")
            }
        }

        static func size(of folder: URL) throws -> Int {
            var total = 0
            let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey])
            while let file = walker?.nextObject() as? URL {
                total += try file.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
            }
            return total
        }
    }
}
