import Foundation
import RickAndMortyAPI
import SiteOutput
import WikiBuild

/// The whole build as the CLI runs it (shared by `build` and `serve`): theme first, so a broken template
/// fails before any network work; then the data; then render and publish. One log line per phase.
struct SiteBuilder: Sendable {
    let options: SiteOptions
    let console: Console
    let now: Date
    /// Made once per build: its client owns a URLSession.
    let service: DataService

    init(options: SiteOptions, console: Console, now: Date = BuildClock.now()) {
        self.options = options
        self.console = console
        self.now = now
        var client = APIClient(baseURL: options.api, concurrency: options.concurrency)
        client.recordSource = options.recordSource
        service = DataService(client: client, cache: DataCache(directory: options.cache))
    }

    struct Report: Sendable {
        let summary: PublishSummary
        let duration: Duration
    }

    func build(dryRun: Bool, say: @Sendable (String) -> Void) async throws -> Report {
        var timings = PhaseTimings()
        let theme = try await timings.measure("theme") {
            try Theme(templatesDirectory: options.templates, publicDirectory: options.publicFolder)
        }
        // A dry run writes nothing anywhere: not the site, and not the cache either (a refresh would record
        // the changes it finds as already seen, and the real build after it would miss them). It uses the
        // cache as it is; `rmwiki fetch` first shows what new data would change.
        let data = try await timings.measure("data") { try await loadData(offline: dryRun, say: say) }
        let snapshot = data.snapshot
        let build = SiteBuild(theme: theme, configuration: options.configuration, outputDirectory: options.output)
        let report = try await build.run(
            snapshot: snapshot, avatars: data.avatars, history: data.history, dryRun: dryRun, timings: &timings)
        let counts = "\(snapshot.characters.count) characters, \(snapshot.locations.count) locations, "
            + "\(snapshot.episodes.count) episodes, \(report.fileCount) files"
        say("phases: " + timings.phases.map { "\($0.name) \(PhaseTimings.format($0.duration))" }.joined(separator: ", ")
            + " (\(counts))")
        return Report(summary: report.summary, duration: timings.total)
    }

    struct LoadedData: Sendable {
        let snapshot: Snapshot
        let avatars: [Int: AvatarImage]
        let history: ChangeHistory
    }

    func loadData(offline: Bool = false, say: @Sendable (String) -> Void) async throws -> LoadedData {
        switch options.source {
        case .demo:
            return LoadedData(snapshot: DemoDataset.snapshot, avatars: DemoDataset.avatars(), history: ChangeHistory())
        case .cache where offline, .cache(offline: true):
            let (snapshot, avatars) = try service.loadOffline()
            return LoadedData(snapshot: snapshot, avatars: avatars, history: try ChangeHistory.load(from: service.cache))
        case .cache(offline: false):
            let report = try await refresh()
            report.changes.summary.forEach(say)
            return LoadedData(snapshot: report.snapshot, avatars: report.avatars, history: report.history)
        }
    }

    /// Refreshes the cache, recording what changed in its history (shared by `build` and `fetch`).
    func refresh() async throws -> RefreshReport {
        try await service.refresh(progress: progress, recordingAt: now)
    }

    var progress: ProgressReporter {
        if options.quiet { return .silent }
        return ProgressReporter(style: console.errorIsTerminal ? .liveLine : .plainLines, write: console.writeError)
    }
}
