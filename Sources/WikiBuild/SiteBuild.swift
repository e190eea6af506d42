import Foundation
import Primitives
import RickAndMortyAPI
import SiteOutput
import WikiModel

/// The whole build, the one place that runs it: a list of named, timed steps.
///
/// lock → theme | data | output → check → resolve → render → publish → state. The theme, the cached data and the
/// scan of the last build's output are read at the same time; data that needs the network waits for the theme,
/// so a broken template fails before any request. The check skips everything after it when the inputs and the
/// output are those of the last build. `rmwiki build` and `serve` only parse options into a
/// `SiteBuild`, run it and report.
package struct SiteBuild: Sendable {
    package struct Settings: Sendable {
        package var templates: URL
        package var publicFolder: URL
        package var output: URL
        /// Protected from `--output` even for builds that do not read it (the demo).
        package var cache: URL
        package var configuration: SiteConfiguration
        /// Plans the publish and writes nothing anywhere, not even the cache.
        package var dryRun = false
        /// Publish into a folder rmwiki did not publish (see `OutputGuard`).
        package var force = false
        /// How long to wait for another build that holds the output: `build` fails at once, `serve` waits.
        package var lockWait: Duration = .zero

        package init(templates: URL, publicFolder: URL, output: URL, cache: URL, configuration: SiteConfiguration) {
            self.templates = templates
            self.publicFolder = publicFolder
            self.output = output
            self.cache = cache
            self.configuration = configuration
        }
    }

    /// Where the records come from.
    package enum DataSource: Sendable {
        /// Records in hand: the demo dataset, or a test's.
        case records(Snapshot, avatars: [Int: AvatarImage], history: ChangeHistory)
        /// The cache as it is.
        case cache(DataService)
        /// The cache refreshed from the API first, within `maxTime`.
        case refresh(DataService, maxTime: Duration, progress: ProgressReporter, at: Date)
    }

    /// Where the build says what it does: `say` for the log (silenced by `--quiet`), `warn` for what the
    /// maintainer must see whatever the log level.
    package struct Log: Sendable {
        package var say: @Sendable (String) -> Void
        package var warn: @Sendable (String) -> Void

        package init(say: @escaping @Sendable (String) -> Void, warn: @escaping @Sendable (String) -> Void) {
            self.say = say
            self.warn = warn
        }

        package static let silent = Log(say: { _ in }, warn: { _ in })
    }

    package struct Report: Sendable {
        package let summary: PublishSummary
        package let fileCount: Int
        /// True when the inputs and the output were exactly those of the last build, so nothing was rendered.
        package let skipped: Bool
        package let timings: PhaseTimings
        /// "826 characters, 126 locations, 51 episodes, 2112 files".
        package let counts: String

        /// "phases: lock 1 ms, theme 12 ms | data 11 ms | output 20 ms, check 1 ms, … (826 characters, …)": one
        /// line for the log; phases joined by " | " ran at the same time.
        package var phasesLine: String {
            "phases: " + timings.line + " (\(counts))"
        }
    }

    package let settings: Settings
    package let data: DataSource

    package init(settings: Settings, data: DataSource) {
        self.settings = settings
        self.data = data
    }

    package func run(log: Log = .silent) async throws -> Report {
        var timings = PhaseTimings()
        let output = settings.output
        let lock = try await timings.measure("lock") { try await lockOutput() }
        defer { lock?.release() }
        // Whether the last build's output is untouched depends on neither the theme nor the data, so it is looked
        // at while they load (started after the data, which would otherwise wait behind it on two cores).
        let theme: Theme
        let loaded: LoadedData
        let lastBuild: (BuildState.LastBuild, Duration)
        if needsNetwork {
            async let last = PhaseTimings.timed { BuildState.LastBuild.read(for: output) }
            theme = try await timings.measure("theme") { try loadTheme() }
            loaded = try await timings.measure("data") { try await load(log: log) }
            lastBuild = await last
        } else {
            // Reading the cache costs no request, so it need not wait for the theme to prove sound.
            async let cached = PhaseTimings.timed { try await load(log: log) }
            async let last = PhaseTimings.timed { BuildState.LastBuild.read(for: output) }
            theme = try await timings.measure("theme") { try loadTheme() }
            loaded = timings.record("data", alongside: try await cached)
            lastBuild = await last
        }
        let last = timings.record("output", alongside: lastBuild)
        let (snapshot, avatars, history) = (loaded.snapshot, loaded.avatars, loaded.history)
        let check = try await timings.measure("check") {
            try BuildState.Check(theme: theme, configuration: settings.configuration, output: output,
                                 data: loaded.read, avatars: avatars, lastBuild: last)
        }
        let counts = "\(snapshot.characters.count) characters, \(snapshot.locations.count) locations, "
            + "\(snapshot.episodes.count) episodes"
        if let unchanged = check.unchangedFiles {
            return Report(summary: PublishSummary(unchanged: unchanged), fileCount: unchanged.count, skipped: true,
                          timings: timings, counts: counts + ", \(unchanged.count) files")
        }
        let dataset = await timings.measure("resolve") { Dataset(snapshot) }
        // Pages go to the publisher as they are rendered: staged on disk at once, switched in by `finish`.
        let session = try SitePublisher(outputDirectory: output).session(dryRun: settings.dryRun)
        let fileCount: Int
        let summary: PublishSummary
        do {
            fileCount = try await timings.measure("render") {
                let paths = try await SiteRenderer(theme: theme, configuration: settings.configuration)
                    .render(dataset: dataset, avatars: avatars, history: history, emit: session.add)
                try AssetReference.check(
                    theme.assetReferences + [.placeholderAvatar], against: Set(paths), publicFolder: theme.publicDirectory)
                return paths.count
            }
            summary = try await timings.measure(settings.dryRun ? "plan" : "publish") { try session.finish() }
        } catch {
            session.abandon()
            throw error
        }
        if !settings.dryRun {
            let published = session.publishedEntries
            await timings.measure("state") { check.save(files: published.files, folders: published.folders) }
        }
        return Report(summary: summary, fileCount: fileCount, skipped: false, timings: timings,
                      counts: counts + ", \(fileCount) files")
    }

    /// Refuses an output that publishing would destroy, then takes the output's lock (a dry run takes none).
    private func lockOutput() async throws -> BuildLock? {
        try OutputGuard.forThisProcess(protecting: [
            .init("the templates folder", settings.templates), .init("the static files folder (--public)", settings.publicFolder),
            .init("the cache", settings.cache),
        ]).check(settings.output, force: settings.force)
        if settings.dryRun { return nil }
        if settings.lockWait == .zero { return try BuildLock.acquire(for: settings.output) }
        return try await BuildLock.acquire(for: settings.output, waitingUpTo: settings.lockWait)
    }

    private func loadTheme() throws -> Theme {
        try Theme(templatesDirectory: settings.templates, publicDirectory: settings.publicFolder)
    }

    /// The records of a build and what they were read from, for the check's fingerprint.
    private struct LoadedData: Sendable {
        var snapshot: Snapshot
        var avatars: [Int: AvatarImage]
        var history: ChangeHistory
        var read: BuildState.DataRead
    }

    private func load(log: Log) async throws -> LoadedData {
        func offline(_ service: DataService) throws -> LoadedData {
            // One generation for loading and fingerprinting: a fetch may commit another one meanwhile.
            let cached = try service.readOffline(from: service.cache.current)
            return LoadedData(snapshot: cached.snapshot, avatars: cached.avatars, history: cached.history,
                              read: .files(cached.files))
        }
        switch data {
        case let .records(snapshot, avatars, history):
            return LoadedData(snapshot: snapshot, avatars: avatars, history: history, read: .records(snapshot, history))
        case let .cache(service):
            return try offline(service)
        case let .refresh(service, _, _, _) where settings.dryRun:
            // A dry run writes nothing, the cache included: a refresh would record the changes it finds as
            // seen, and the real build after it would miss them. `rmwiki fetch` shows what new data changes.
            return try offline(service)
        case let .refresh(service, maxTime, progress, date):
            let report = try await service.refresh(progress: progress, recordingAt: date, within: maxTime)
            report.warnings.forEach(log.warn)
            report.changes.summary.forEach(log.say)
            return LoadedData(snapshot: report.snapshot, avatars: report.avatars, history: report.history,
                              read: .files(report.files))
        }
    }
}

extension SiteBuild {
    /// True when loading the data asks the API: then it waits for the theme, so a broken template fails
    /// before any request.
    var needsNetwork: Bool {
        if case .refresh = data { return !settings.dryRun }
        return false
    }
}

/// How long each named phase took, in order, for the one-line-per-phase log. A phase that ran alongside
/// the one before it is joined to it by " | " in the line; `total` is the wall time, counting overlaps once.
package struct PhaseTimings: Sendable {
    package struct Phase: Sendable {
        package let name: String
        package let duration: Duration
        /// Ran at the same time as the phase before it.
        package let alongside: Bool
    }

    package private(set) var phases: [Phase] = []
    private let clock = ContinuousClock()
    private var span: (start: ContinuousClock.Instant, end: ContinuousClock.Instant)?

    package init() {}

    package mutating func measure<T>(_ name: String, _ work: () async throws -> T) async rethrows -> T {
        let start = clock.now
        defer {
            let end = clock.now
            phases.append(Phase(name: name, duration: end - start, alongside: false))
            span = (span?.start ?? start, end)
        }
        return try await work()
    }

    /// Records work started earlier with `timed` and awaited just now as a phase that ran alongside the one before.
    package mutating func record<T>(_ name: String, alongside result: (T, Duration)) -> T {
        phases.append(Phase(name: name, duration: result.1, alongside: true))
        let end = clock.now
        span = (span?.start ?? end - result.1, end)
        return result.0
    }

    /// From the start of the first phase to the end of the last: overlaps count once.
    package var total: Duration { span.map { $0.end - $0.start } ?? .zero }

    /// `work`'s result and how long it took, for a phase run concurrently (see `record`).
    package static func timed<T>(_ work: () async throws -> T) async rethrows -> (T, Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try await work()
        return (value, clock.now - start)
    }

    /// "lock 1 ms, theme 6 ms | data 11 ms, check 1 ms".
    var line: String {
        var text = ""
        for phase in phases {
            if !text.isEmpty { text += phase.alongside ? " | " : ", " }
            text += "\(phase.name) \(DurationText.elapsed(phase.duration))"
        }
        return text
    }
}
