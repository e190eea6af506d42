import Foundation
import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// What `serve` takes: every option of `build` (the output defaulting to a preview folder), where to
/// listen, and whether to watch the theme and the cache.
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
        .flag(.watch, "Rebuild when the templates, the public files or the cache change, and reload open pages."),
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
