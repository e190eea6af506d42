import Foundation
@testable import RickAndMortyAPI
@testable import SiteOutput
import TestSupport
@testable import WikiBuild
@testable import WikiModel

/// Builds a snapshot with the project's theme into a fresh folder and hands back where it went.
enum SiteFixture {
    static func build(
        _ snapshot: Snapshot, avatars: [Int: AvatarImage] = [:], history: ChangeHistory = ChangeHistory(),
        baseURL: String = "/", serviceWorker: Bool = true, content: SiteBuild.ContentInput = .none, into output: URL? = nil
    ) async throws -> (output: URL, summary: PublishSummary) {
        var configuration = try SiteConfiguration(baseURL: baseURL)
        configuration.serviceWorker = serviceWorker
        let folder = try output ?? SharedFixtures.temporaryDirectory("rmwiki-build").appendingPathComponent("site")
        var settings = SiteBuild.Settings(
            templates: ProjectTheme.templates, publicFolder: ProjectTheme.publicFolder, output: folder,
            cache: folder.deletingLastPathComponent().appendingPathComponent("cache"),
            configuration: configuration)
        settings.content = content
        let report = try await SiteBuild(settings: settings, data: .records(snapshot, avatars: avatars, history: history)).run()
        return (folder, report.summary)
    }
}
