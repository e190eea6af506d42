import Foundation
import RickAndMortyAPI
import SiteOutput
import WikiModel

/// The options `build` (and `serve`) share: where the data comes from, where the theme is, where the site goes.
struct SiteOptions: Sendable {
    enum DataSource: Sendable, Equatable {
        case demo
        case cache(offline: Bool)
    }

    static let defaultOutput = "_site"
    static let defaultCache = ".rmwiki-cache"

    static let specs: [OptionSpec] = [
        .flag("demo", "Build the embedded demo dataset (no network, no cache)."),
        .flag("offline", "Build from the cache alone; fails clearly when there is none."),
        .value("api", "URL", "The API to fetch from (default: \(APIClient.defaultBaseURL.absoluteString))."),
        .value("source", "rest|graphql", "How to fetch the records: REST pages (default) or GraphQL, in a handful of requests."),
        .value("graphql", "URL", "The GraphQL endpoint for --source graphql (default: the --api URL with /api replaced by /graphql)."),
        .value("cache", "DIR", "The data and image cache (default: \(defaultCache))."),
        .value("concurrency", "N", "Requests in flight at most (default: \(APIClient.defaultConcurrency))."),
        .value("output", "DIR", "Where the site is published (default: \(defaultOutput))."),
        .flag("force", "Publish into a folder that holds files rmwiki did not publish, replacing all of them."),
        .value("base-url", "URL", "Where the site will live: a path such as /wiki/ or a full URL (default: /)."),
        .value("templates", "DIR", "The templates and string tables (default: Templates)."),
        .value("public", "DIR", "The static files copied into the site (default: Public)."),
        .flag("quiet", "Print nothing but errors."),
    ]

    let source: DataSource
    let api: URL
    let recordSource: RecordSource
    let cache: URL
    let concurrency: Int
    let output: URL
    let configuration: SiteConfiguration
    let templates: URL
    let publicFolder: URL
    let quiet: Bool
    let force: Bool

    init(_ arguments: ParsedArguments, command: String) throws(UsageError) {
        func folder(_ name: String, _ fallback: String) -> URL {
            URL(fileURLWithPath: arguments.values[name] ?? fallback).standardizedFileURL
        }
        if arguments.has("demo") && arguments.has("offline") {
            throw UsageError(command: command, message: "--demo and --offline exclude each other")
        }
        if arguments.has("demo"), ["api", "cache", "source", "graphql"].contains(where: { arguments.values[$0] != nil }) {
            throw UsageError(command: command, message: "--demo uses the embedded dataset: drop --api, --cache, --source and --graphql")
        }
        source = arguments.has("demo") ? .demo : .cache(offline: arguments.has("offline"))
        let apiText = arguments.values["api"] ?? APIClient.defaultBaseURL.absoluteString
        guard let api = URL(string: apiText), let scheme = api.scheme?.lowercased(), ["http", "https"].contains(scheme),
              api.host != nil
        else { throw UsageError(command: command, message: "--api needs an http(s) URL such as https://rickandmortyapi.com/api") }
        self.api = api
        recordSource = try Self.recordSource(arguments, api: api, command: command)
        let concurrencyText = arguments.values["concurrency"] ?? String(APIClient.defaultConcurrency)
        guard let concurrency = Int(concurrencyText), (1...64).contains(concurrency) else {
            throw UsageError(command: command, message: "--concurrency needs a number from 1 to 64")
        }
        self.concurrency = concurrency
        for name in ["output", "cache", "templates", "public"] where arguments.values[name]?.isEmpty == true {
            throw UsageError(command: command, message: "--\(name) needs a folder")
        }
        cache = folder("cache", Self.defaultCache)
        output = folder("output", Self.defaultOutput)
        templates = folder("templates", "Templates")
        publicFolder = folder("public", "Public")
        do {
            configuration = try SiteConfiguration(baseURL: arguments.values["base-url"] ?? "/")
        } catch {
            throw UsageError(command: command, message: error.description)
        }
        quiet = arguments.has("quiet")
        force = arguments.has("force")
    }

    /// `--source rest` (the default) or `--source graphql`, whose endpoint is `--graphql URL` or derived from `--api`.
    private static func recordSource(
        _ arguments: ParsedArguments, api: URL, command: String
    ) throws(UsageError) -> RecordSource {
        let graphQLText = arguments.values["graphql"]
        switch arguments.values["source"] ?? "rest" {
        case "rest":
            if graphQLText != nil {
                throw UsageError(command: command, message: "--graphql names the endpoint for --source graphql: add --source graphql or drop --graphql")
            }
            return .rest
        case "graphql":
            if let graphQLText {
                guard let endpoint = URL(string: graphQLText), let scheme = endpoint.scheme?.lowercased(),
                      ["http", "https"].contains(scheme), endpoint.host != nil
                else { throw UsageError(command: command, message: "--graphql needs an http(s) URL such as https://rickandmortyapi.com/graphql") }
                return .graphQL(endpoint: endpoint)
            }
            guard let endpoint = RecordSource.graphQLEndpoint(forREST: api) else {
                throw UsageError(command: command, message: "--api \(api.absoluteString) does not end in /api, so the GraphQL endpoint cannot be derived from it: give it with --graphql URL")
            }
            return .graphQL(endpoint: endpoint)
        case let other:
            throw UsageError(command: command, message: "--source is rest or graphql, not \(other)")
        }
    }

    /// Refuses, before anything is fetched, locked or written, an output that publishing would destroy.
    func checkOutput() throws {
        let protected: [OutputGuard.ProtectedFolder] = [
            .init("the templates folder", templates), .init("the static files folder (--public)", publicFolder),
            .init("the cache", cache),
        ]
        try OutputGuard.forThisProcess(protecting: protected).check(output, force: force)
    }
}
