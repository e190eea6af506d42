import Foundation

/// `rmwiki serve`: build the site, serve it on loopback, and with `--watch` rebuild and reload on change.
struct ServeCommand: Command {
    static let spec = CommandSpec(
        name: "serve",
        summary: "Build the site and serve it for preview; with --watch, rebuild and reload pages on change.",
        usage: "serve [--demo | --offline] [--port N] [--host ADDR] [--watch] [OPTIONS]",
        details: [
            "The preview is built into \(ServeOptions.defaultOutput)/ unless --output says otherwise, so the published",
            "\(SiteOptions.defaultOutput)/ is never overwritten. It listens on 127.0.0.1 only, unless --host names another",
            "address. Pages get a small live-reload script while served (never on disk). With --watch, the",
            "templates, the public files and the cache are polled; a change rebuilds the site (offline from",
            "the cache, or the demo) and every open page reloads. A failed rebuild is shown in the terminal",
            "and over the open pages while the last good site keeps being served. Ctrl-C stops it.",
        ],
        options: ServeOptions.specs,
        positionals: 0...0)

    let options: ServeOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try ServeOptions(arguments, command: Self.spec.name)
    }

    func run(_ console: Console) async -> ExitCode {
        await ServeSession(options: options, console: console).run(until: ServeSignals.stream())
    }
}
