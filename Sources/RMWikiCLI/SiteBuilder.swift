import Foundation
import RickAndMortyAPI
import SiteOutput
import WikiBuild

/// The whole build as the CLI runs it (shared by `build` and `serve`): theme first, so a broken template
/// fails before any network work; then the data; then render and publish. One log line per phase.
struct SiteBuilder: Sendable {
    let options: SiteOptions
    let console: Console

    struct Report: Sendable {
        let summary: PublishSummary
        let duration: Duration
    }

    func build(dryRun: Bool, say: @Sendable (String) -> Void) async throws -> Report {
        var timings = PhaseTimings()
        let theme = try await timings.measure("theme") {
            try Theme(templatesDirectory: options.templates, publicDirectory: options.publicFolder)
        }
        let (snapshot, avatars) = try await timings.measure("data") { try await loadData(say: say) }
        let build = SiteBuild(theme: theme, configuration: options.configuration, outputDirectory: options.output)
        let report = try await build.run(snapshot: snapshot, avatars: avatars, dryRun: dryRun, timings: &timings)
        let counts = "\(snapshot.characters.count) characters, \(snapshot.locations.count) locations, "
            + "\(snapshot.episodes.count) episodes, \(report.fileCount) files"
        say("phases: " + timings.phases.map { "\($0.name) \(PhaseTimings.format($0.duration))" }.joined(separator: ", ")
            + " (\(counts))")
        return Report(summary: report.summary, duration: timings.total)
    }

    func loadData(say: @Sendable (String) -> Void) async throws -> (Snapshot, [Int: AvatarImage]) {
        switch options.source {
        case .demo:
            return (DemoDataset.snapshot, DemoDataset.avatars())
        case .cache(offline: true):
            return try service.loadOffline()
        case .cache(offline: false):
            let report = try await service.refresh(progress: progress)
            report.changes.summary.forEach(say)
            return (report.snapshot, report.avatars)
        }
    }

    var service: DataService {
        DataService(client: APIClient(baseURL: options.api, concurrency: options.concurrency), cache: DataCache(directory: options.cache))
    }

    var progress: ProgressReporter {
        if options.quiet { return .silent }
        return ProgressReporter(style: console.errorIsTerminal ? .liveLine : .plainLines, write: console.writeError)
    }
}
