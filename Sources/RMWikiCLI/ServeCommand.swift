import Dispatch
import Foundation
import HTTPServer
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

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
            "templates, the public files, the content folder and the cache are polled; a change rebuilds the site (offline from",
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

/// What `serve` takes: every option of `build` but `--dry-run` and `--strict`, which a preview has no use for (the
/// output defaulting to a preview folder), where to listen, and whether to watch the theme and the cache.
struct ServeOptions: Sendable {
    /// Previews go here so that trying out a template never overwrites the published `_site`.
    static let defaultOutput = ".rmwiki-preview"
    static let defaultPort = 8000
    static let defaultPollInterval: Duration = .milliseconds(400)

    static let specs: [OptionSpec] = SiteOptions.specs.map { option in
        switch option.key {
        case .value(.output): .value(.output, "DIR", "Where the preview is built (default: \(defaultOutput), never \(SiteOptions.defaultOutput)).")
        case .flag(.quiet): .flag(.quiet, "Print nothing but errors and the URL.")
        default: option
        }
    } + [
        .value(.port, "N", "The port to listen on (default: \(defaultPort); 0 picks a free one)."),
        .value(.host, "ADDR", "The address to listen on (default: 127.0.0.1; others are reachable from outside)."),
        .flag(.watch, "Rebuild when the templates, the public files, the content or the cache change, and reload open pages."),
    ]

    /// The first build: fetches like `build` unless `--demo` or `--offline`.
    let site: SiteOptions
    /// Rebuilds after a change: the demo, or offline from the cache, so a keystroke never costs a fetch.
    let rebuild: SiteOptions
    let host: String
    let port: Int
    let watch: Bool
    /// How often `--watch` looks at file metadata.
    var pollInterval = defaultPollInterval

    init(_ arguments: ParsedArguments, command: String) throws(UsageError) {
        var arguments = arguments
        if arguments[.output] == nil { arguments[.output] = Self.defaultOutput }
        site = try SiteOptions(arguments, command: command)
        if !arguments.has(.demo) { arguments.flags.insert(.offline) }
        rebuild = try SiteOptions(arguments, command: command)
        let portText = arguments[.port] ?? String(Self.defaultPort)
        guard let port = Int(portText), (0...65535).contains(port) else {
            throw UsageError(command: command, message: "--port needs a number from 0 to 65535")
        }
        self.port = port
        host = arguments[.host] ?? "127.0.0.1"
        guard Self.isAddress(host) else {
            throw UsageError(command: command, message: "--host needs an IPv4 or IPv6 address such as 127.0.0.1 or ::1")
        }
        watch = arguments.has(.watch)
    }

    var serverConfiguration: HTTPServer.Configuration { .init(host: host, port: port) }

    /// Loopback addresses are reachable from this machine only; anything else deserves a warning.
    var isLoopback: Bool { serverConfiguration.isLoopback }

    /// The address as it goes into a URL (IPv6 literals in brackets).
    var urlHost: String { host.contains(":") ? "[\(host)]" : host }

    private static func isAddress(_ text: String) -> Bool {
        if text == "localhost" { return true }
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }
}

/// SIGINT (Ctrl-C) and SIGTERM as a stream, so `serve` can stop its server and exit 0 instead of dying.
enum ServeSignals {
    static let numbers = [SIGINT, SIGTERM]

    /// While the stream is alive the signals only yield to it. Once it ends (the consumer stopped reading),
    /// the default actions are back, so a second Ctrl-C during a stuck shutdown still ends the process.
    static func stream() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        // Dispatch sources are thread-safe but not marked Sendable; the lock only carries them across.
        let sources = Mutex(numbers.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.resume()
            return source
        })
        continuation.onTermination = { _ in
            sources.withLock { $0.forEach { $0.cancel() } }
            for number in numbers { signal(number, SIG_DFL) }
        }
        return stream
    }
}
