import Foundation
import HTTPServer
import RickAndMortyAPI
import SiteOutput
import WikiBuild
import Primitives

/// One run of `rmwiki serve`: the first build, the server, the watch loop, and a clean stop.
struct ServeSession: Sendable {
    let options: ServeOptions
    let console: Console
    /// What one build keeps for the next (see `SiteBuild.Memory`).
    private let memory = SiteBuild.Memory()

    init(options: ServeOptions, console: Console) {
        self.options = options
        self.console = console
    }

    /// How the serving half of a run ends.
    private enum Outcome: Sendable {
        /// Listening (and watching); it goes on until cancelled.
        case serving
        /// It could not go on: the first build failed without `--watch`, or the port could not be bound.
        case failed(ExitCode)
        case stopRequested
    }

    /// Serves until `stop` yields or ends (Ctrl-C in the CLI), which also interrupts a first build still
    /// fetching; `ready` gets the URL once the server listens. Returns success after a clean stop, the
    /// build's exit code when the first build fails without `--watch`.
    func run(until stop: AsyncStream<Void>, ready: @escaping @Sendable (URL) -> Void = { _ in }) async -> ExitCode {
        let channel = LiveReloadChannel()
        let server = HTTPServer(
            configuration: options.serverConfiguration,
            handler: ServeHandler(output: options.site.output, channel: channel, basePath: options.site.configuration.basePath))
        let outcome = await withTaskGroup(of: Outcome.self) { group in
            group.addTask {
                for await _ in stop { break }
                return .stopRequested
            }
            group.addTask { await serve(server, channel, ready: ready) }
            while let outcome = await group.next() {
                if case .serving = outcome { continue }
                group.cancelAll()
                return outcome
            }
            return .stopRequested
        }
        channel.finish()
        await server.stop()
        if case .failed(let code) = outcome { return code }
        if !options.site.quiet { console.out("Stopped.") }
        return .success
    }

    /// The first build, then the server, then (with `--watch`) the watch loop until cancelled.
    private func serve(_ server: HTTPServer, _ channel: LiveReloadChannel, ready: @Sendable (URL) -> Void) async -> Outcome {
        // The baseline is taken before the first build: an edit made while it runs, or as soon as the URL is
        // announced, must still rebuild (taken later, such an edit became the baseline and was never built).
        let watcher = options.watch ? ServeWatcher(paths: watchedPaths, interval: options.pollInterval) : nil
        let baseline = watcher?.stamps() ?? [:]
        if let failure = await build(options.site, channel: channel) {
            // A refused output or cache is no edit away from building: serving "what it holds" would serve a
            // folder the user never meant to publish (a home, the current folder).
            guard options.watch, failure != .usage else { return .failed(failure) }
            console.err("rmwiki: serving what \(options.site.output.path) holds until a change builds")
        }
        guard !Task.isCancelled else { return .serving }
        let port: Int
        do {
            port = try await server.start()
        } catch {
            console.err("rmwiki: serve failed: \(describe(error))")
            return .failed(.failure)
        }
        if !options.isLoopback {
            console.err("rmwiki: warning: listening on \(options.host): anyone who can reach this machine can read the preview")
        }
        let basePath = options.site.configuration.basePath
        let url = URL(string: "http://\(options.urlHost):\(port)\(basePath)") ?? URL(fileURLWithPath: "/")
        // The URL is what the command is for, so it is printed even with --quiet.
        console.out("Serving \(options.site.output.path) at \(url.absoluteString) (Ctrl-C to stop)")
        if options.watch, !options.site.quiet {
            console.out("Watching " + watchedPaths.map(\.path).joined(separator: ", ") + " for changes")
        }
        ready(url)
        if let watcher { await watch(watcher, from: baseline, channel) }
        return .serving
    }

    /// The theme, the content folder, and the cache's snapshot (which `rmwiki fetch` in another terminal replaces).
    var watchedPaths: [URL] {
        var theme = [options.rebuild.templates, options.rebuild.publicFolder]
        // A missing content folder is watched too: making it is a change.
        if case .folder(let content) = options.rebuild.contentInput { theme.append(content.directory) }
        guard options.rebuild.source != .demo else { return theme }
        return theme + [DataCache(directory: options.rebuild.cache).watchedSnapshotFile]
    }

    /// Rebuilds after every settled change until cancelled. A build during which the watched paths changed again is
    /// superseded (see `LiveReloadChannel.built(changed:superseded:)`).
    private func watch(_ watcher: ServeWatcher, from start: ServeWatcher.Stamps, _ channel: LiveReloadChannel) async {
        var baseline = start
        while let next = await watcher.nextChange(after: baseline) {
            baseline = next
            if !options.rebuild.quiet { console.out("Change detected; rebuilding") }
            let events = watcher.events
            let seen = events?.count
            _ = await build(options.rebuild, channel: channel) { events?.count != seen }
            if watcher.stamps() == baseline { channel.tellOwed() }
        }
    }

    /// Builds and publishes once and tells the open pages, unless `superseded` says the watched paths changed since
    /// it began; nil on success (or when stopped meanwhile), else the failure's exit code.
    private func build(
        _ site: SiteOptions, channel: LiveReloadChannel, superseded: @escaping @Sendable () -> Bool = { false }
    ) async -> ExitCode? {
        let log = site.log(console)
        do {
            // The lock is held per build, not per session: a `build` into the same folder is refused only while
            // a rebuild runs, and a rebuild waits for such a build to finish.
            // Open pages reload as soon as the site is switched in, not after the build state is saved.
            let report = try await site.siteBuild(console: console, lockWait: .seconds(10), memory: memory).run(log: log) { summary in
                channel.built(changed: summary.hasChanges, superseded: superseded())
            }
            log.say(report.phasesLine)
            log.say("published \(site.output.path): \(report.summary.line) in \(DurationText.elapsed(report.duration))")
            return nil
        } catch {
            if Task.isCancelled { return nil }
            let code = FailureReport.report(error, doing: "build", console: console)
            channel.failed(String(describing: error), superseded: superseded())
            return code
        }
    }

    private func describe(_ error: any Error) -> String {
        switch error {
        case HTTPServerError.socket(operation: "bind", errno: EADDRINUSE):
            "port \(options.port) is in use on \(options.host); pick another with --port N (0 picks a free one)"
        case HTTPServerError.socket(operation: "bind", errno: EADDRNOTAVAIL):
            "\(options.host) is not an address of this machine"
        case HTTPServerError.socket(let operation, let code):
            "\(operation) failed: \(String(cString: strerror(code)))"
        default:
            String(describing: error)
        }
    }
}
