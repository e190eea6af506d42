import Foundation
@testable import RickAndMortyAPI
@testable import SiteOutput
import TestSupport
import Testing

@Suite struct DemoBuildTests {
    @Test func demoSiteIsCompleteAndSelfContained() async throws {
        let snapshot = DemoDataset.snapshot
        let (output, summary) = try await SiteFixture.build(snapshot, avatars: DemoDataset.avatars(), baseURL: "/fans/")
        let checker = SiteChecker(root: output, basePath: "/fans/")
        let problems = try checker.problems()
        #expect(problems.isEmpty, "\(problems.prefix(10))")
        let pages = try checker.pages()
        #expect(pages.filter { $0.hasPrefix("characters/") && $0.split(separator: "/").count == 3 && Int($0.split(separator: "/")[1]) != nil }.count
            == snapshot.characters.count)
        #expect(pages.filter { $0.hasPrefix("locations/") && !$0.contains("page") && $0 != "locations/index.html" }.count
            == snapshot.locations.count)
        #expect(pages.filter { $0.hasPrefix("episodes/") && $0 != "episodes/index.html" }.count == snapshot.episodes.count)
        #expect(summary.updated.isEmpty && summary.removed.isEmpty && !summary.added.isEmpty)
        for character in snapshot.characters {
            #expect(FileManager.default.fileExists(
                atPath: output.appendingPathComponent("images/characters/\(character.id).svg").path))
        }
    }

    @Test func twoBuildsOfTheSameDataAreByteIdentical() async throws {
        let first = try await SiteFixture.build(DemoDataset.snapshot, avatars: DemoDataset.avatars()).output
        let second = try await SiteFixture.build(DemoDataset.snapshot, avatars: DemoDataset.avatars()).output
        let firstFiles = try SiteChecker(root: first).files()
        #expect(firstFiles == (try SiteChecker(root: second).files()))
        for path in firstFiles {
            let a = try Data(contentsOf: first.appendingPathComponent(path))
            let b = try Data(contentsOf: second.appendingPathComponent(path))
            #expect(a == b, "\(path) differs between two builds")
        }
    }

    @Test func rebuildingUnchangedDataRewritesNothing() async throws {
        let (output, _) = try await SiteFixture.build(DemoDataset.snapshot, avatars: DemoDataset.avatars())
        let again = try await SiteFixture.build(DemoDataset.snapshot, avatars: DemoDataset.avatars(), into: output)
        #expect(again.summary.added.isEmpty && again.summary.updated.isEmpty && again.summary.removed.isEmpty)
        #expect(!again.summary.unchanged.isEmpty)
    }
}
