import Foundation
import RickAndMortyAPI
import SiteOutput
import TestSupport
import WikiBuild
import WikiModel

/// Builds a snapshot with the project's theme into a fresh folder and hands back where it went.
enum SiteFixture {
    static func build(
        _ snapshot: Snapshot, avatars: [Int: AvatarImage] = [:], history: ChangeHistory = ChangeHistory(),
        baseURL: String = "/", into output: URL? = nil
    ) async throws -> (output: URL, summary: PublishSummary) {
        let folder = try output ?? SharedFixtures.temporaryDirectory("rmwiki-build").appendingPathComponent("site")
        let theme = try Theme(templatesDirectory: ProjectTheme.templates, publicDirectory: ProjectTheme.publicFolder)
        let build = SiteBuild(theme: theme, configuration: try SiteConfiguration(baseURL: baseURL), outputDirectory: folder)
        var timings = PhaseTimings()
        let report = try await build.run(snapshot: snapshot, avatars: avatars, history: history, dryRun: false, timings: &timings)
        return (folder, report.summary)
    }
}
