import Foundation
import RickAndMortyAPI
import SiteOutput
import WikiModel

/// The build after the data is in hand: resolve the graph, render every file, publish atomically.
/// The caller (the CLI) loads the data and the theme and holds the build lock.
public struct SiteBuild: Sendable {
    public let theme: Theme
    public let configuration: SiteConfiguration
    public let outputDirectory: URL

    public init(theme: Theme, configuration: SiteConfiguration, outputDirectory: URL) {
        self.theme = theme
        self.configuration = configuration
        self.outputDirectory = outputDirectory
    }

    public struct Report: Sendable {
        public let summary: PublishSummary
        public let fileCount: Int
    }

    public func run(
        snapshot: Snapshot, avatars: [Int: AvatarImage], dryRun: Bool, timings: inout PhaseTimings
    ) async throws -> Report {
        let dataset = await timings.measure("resolve") { Dataset(snapshot) }
        let renderer = SiteRenderer(theme: theme, configuration: configuration)
        let files = try await timings.measure("render") { try await renderer.render(dataset: dataset, avatars: avatars) }
        let publisher = SitePublisher(outputDirectory: outputDirectory)
        let summary = try await timings.measure(dryRun ? "plan" : "publish") { try publisher.publish(files, dryRun: dryRun) }
        return Report(summary: summary, fileCount: files.count)
    }
}
