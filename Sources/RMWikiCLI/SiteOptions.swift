import Foundation
import Primitives
import RickAndMortyAPI
import WikiBuild
import WikiModel

/// The options `build` (and `serve`) share: where the data comes from, where the theme is, where the site goes.
struct SiteOptions: Sendable {
    enum DataSource: Sendable, Equatable {
        case demo
        case cache(offline: Bool)
    }

    static let defaultOutput = "_site"
    static let defaultCache = ".rmwiki-cache"
    static let defaultContent = "content"

    static let specs: [OptionSpec] = [
        .flag(.demo, "Build the embedded demo dataset (no network, no cache)."),
        .flag(.offline, "Build from the cache alone; fails clearly when there is none."),
        .value(.api, "URL", "The API to fetch from (default: \(APIClient.defaultBaseURL.absoluteString))."),
        .value(.source, "rest|graphql", "How to fetch the records: REST pages (default) or GraphQL, in a handful of requests."),
        .value(.graphql, "URL", "The GraphQL endpoint for --source graphql (default: the --api URL with /api replaced by /graphql)."),
        .value(.cache, "DIR", "The data and image cache, a folder of its own: missing, empty or rmwiki's (default: \(defaultCache))."),
        .value(.concurrency, "N", "Requests in flight at most (default: \(APIClient.defaultConcurrency))."),
        .flag(.allowShrink, "Accept a collection that vanished or lost more than \(ShrinkCheck.maximumDropPercent) % of its records."),
        .value(.imageHost, "HOSTS", "Hosts (comma-separated, HOST or HOST:PORT) pictures may come from besides the --api host."),
        .value(
            .maxTime, "DURATION",
            "The longest the fetch may take, e.g. 90m, 600s or 2h (default: \(APIClient.defaultMaxTime.components.seconds / 60)m)."),
        .value(.output, "DIR", "Where the site is published (default: \(defaultOutput))."),
        .flag(.force, "Publish into a folder that holds files rmwiki did not publish, replacing all of them "
            + "(never /, a folder directly in it, one inside /etc, /usr, /var… but /var/www and /var/tmp, "
            + "one directly in /home, /opt, /mnt or /media, a home, or the current folder)."),
        .flag(.full, "Render every page, not only those whose inputs changed since the last build."),
        .value(.baseURL, "URL", "Where the site will live: a path such as /wiki/ or a full URL (default: /)."),
        .value(.templates, "DIR", "The templates and string tables (default: Templates)."),
        .value(.publicFolder, "DIR", "The static files copied into the site (default: Public)."),
        .value(.content, "DIR", "The content folder: articles, prose for records, pictures, local records in data/ (default: content, when it exists; the demo's own with --demo)."),
        .flag(.noServiceWorker, "Publish no offline reading: pages register no service worker, and sw.js removes one installed earlier."),
        .flag(.quiet, "Print nothing but errors."),
    ]

    let source: DataSource
    let api: URL
    let recordSource: RecordSource
    let cache: URL
    let concurrency: Int
    let allowShrink: Bool
    let imageHosts: [ImageHost]
    let maxTime: Duration
    let output: URL
    let configuration: SiteConfiguration
    let templates: URL
    let publicFolder: URL
    /// `--content`, or nil: the default `content/` when it exists (the demo's own content with `--demo`).
    let content: (url: URL, given: String)?
    let quiet: Bool
    let force: Bool
    let full: Bool

    init(_ arguments: ParsedArguments, command: String) throws(UsageError) {
        func folder(_ option: ValueOption, _ fallback: String) -> URL {
            URL(fileURLWithPath: arguments[option] ?? fallback).standardizedFileURL
        }
        if arguments.has(.demo) && arguments.has(.offline) {
            throw UsageError(command: command, message: "--demo and --offline exclude each other")
        }
        if arguments.has(.demo), [ValueOption.api, .cache, .source, .graphql].contains(where: { arguments[$0] != nil }) {
            throw UsageError(command: command, message: "--demo uses the embedded dataset: drop --api, --cache, --source and --graphql")
        }
        source = arguments.has(.demo) ? .demo : .cache(offline: arguments.has(.offline))
        let apiText = arguments[.api] ?? APIClient.defaultBaseURL.absoluteString
        guard let api = Self.httpURL(apiText) else {
            throw UsageError(command: command, message: "--api needs an http(s) URL such as https://rickandmortyapi.com/api")
        }
        self.api = api
        recordSource = try Self.recordSource(arguments, api: api, command: command)
        let concurrencyText = arguments[.concurrency] ?? String(APIClient.defaultConcurrency)
        guard let concurrency = Int(concurrencyText), (1...64).contains(concurrency) else {
            throw UsageError(command: command, message: "--concurrency needs a number from 1 to 64")
        }
        self.concurrency = concurrency
        for option in [ValueOption.output, .cache, .templates, .publicFolder, .content] where arguments[option]?.isEmpty == true {
            throw UsageError(command: command, message: "--\(option.rawValue) needs a folder")
        }
        allowShrink = arguments.has(.allowShrink)
        var imageHosts: [ImageHost] = []
        // Empty items are refused, not skipped: `--image-host ''` names no host, which is not what it says.
        for text in arguments[.imageHost].map({ $0.split(separator: ",", omittingEmptySubsequences: false) }) ?? [] {
            guard let host = ImageHost(String(text)) else {
                throw UsageError(command: command, message: "--image-host needs host names such as images.example.org or "
                    + "images.example.org:8443 (a port is 1 to 65535), separated by commas; got '\(text)'")
            }
            imageHosts.append(host)
        }
        self.imageHosts = imageHosts
        guard let maxTime = arguments[.maxTime].map(DurationText.limit) ?? APIClient.defaultMaxTime else {
            throw UsageError(command: command, message: "--max-time needs a duration from 1s to 24h, such as 90m, 600s or 2h")
        }
        self.maxTime = maxTime
        cache = folder(.cache, Self.defaultCache)
        output = folder(.output, Self.defaultOutput)
        templates = folder(.templates, "Templates")
        publicFolder = folder(.publicFolder, "Public")
        content = arguments[.content].map { (URL(fileURLWithPath: $0).standardizedFileURL, $0) }
        for (option, url) in [(ValueOption.output, output), (.cache, cache), (.templates, templates), (.publicFolder, publicFolder)]
            + (content.map { [(.content, $0.url)] } ?? []) {
            if let problem = Self.lengthProblem(url.path) {
                throw UsageError(command: command, message: "--\(option.rawValue): \(problem)")
            }
        }
        do {
            var configuration = try SiteConfiguration(baseURL: arguments[.baseURL] ?? "/")
            configuration.serviceWorker = !arguments.has(.noServiceWorker)
            self.configuration = configuration
        } catch {
            throw UsageError(command: command, message: error.description)
        }
        quiet = arguments.has(.quiet)
        force = arguments.has(.force)
        full = arguments.has(.full)
    }

    /// The build these options describe. Made once per build: its data service owns a URLSession.
    func siteBuild(
        console: Console, dryRun: Bool = false, strictWords: Bool = false, lockWait: Duration = .zero, now: Date = BuildClock.now(),
        memory: SiteBuild.Memory? = nil
    ) -> SiteBuild {
        var settings = SiteBuild.Settings(
            templates: templates, publicFolder: publicFolder, output: output, cache: cache, configuration: configuration)
        settings.dryRun = dryRun
        settings.force = force
        settings.renderAll = full
        settings.lockWait = lockWait
        settings.content = contentInput
        settings.now = now
        settings.strictWords = strictWords
        settings.memory = memory
        let data: SiteBuild.DataSource = switch source {
        case .demo: .records(DemoDataset.snapshot, avatars: DemoDataset.avatars(), history: ChangeHistory())
        case .cache(offline: true): .cache(dataService())
        case .cache(offline: false): .refresh(dataService(), maxTime: maxTime, progress: progress(console), at: now)
        }
        return SiteBuild(settings: settings, data: data)
    }

    /// A folder named with `--content` must exist; the default one may be missing (no content). The demo reads its
    /// own unless `--content` names a folder: a folder beside where it runs would make the demo differ from
    /// machine to machine.
    var contentInput: SiteBuild.ContentInput {
        if let content { return .folder(ContentFolder(directory: content.url, displayPath: content.given, required: true)) }
        if source == .demo { return .files(DemoContent.files) }
        return .folder(ContentFolder(directory: URL(fileURLWithPath: Self.defaultContent).standardizedFileURL,
                                     displayPath: Self.defaultContent))
    }

    func dataService() -> DataService {
        var client = APIClient(baseURL: api, concurrency: concurrency, allowedImageHosts: imageHosts)
        client.recordSource = recordSource
        let cacheGuard = CacheGuard.forThisProcess(protecting: [
            ("the output folder", output), ("the templates folder", templates), ("the static files folder (--public)", publicFolder),
        ])
        return DataService(client: client, cache: DataCache(directory: cache), shrinkCheck: ShrinkCheck(allowShrink: allowShrink),
                           cacheGuard: cacheGuard)
    }

    func progress(_ console: Console) -> ProgressReporter {
        if quiet { return .silent }
        return ProgressReporter(style: console.errorIsTerminal ? .liveLine : .plainLines, write: console.writeError)
    }

    /// The build's log: lines on standard output unless `--quiet`, warnings on standard error always.
    func log(_ console: Console) -> SiteBuild.Log {
        let quiet = quiet
        return SiteBuild.Log(say: { line in if !quiet { console.out(line) } }, warn: { console.err("rmwiki: " + $0) })
    }

    /// The longest folder path, and name in it, rmwiki takes: below the system's (4,095 and 255 bytes) by the room
    /// the files it writes in and beside a folder need (`.NAME.staging-PID`, `characters/826/index.html`), so a
    /// folder it accepts never fails later, half-way through a build, for a name too long.
    static let maximumPathBytes = 3_072
    static let maximumNameBytes = 200

    /// Why a folder's absolute path is too long, or nil.
    static func lengthProblem(_ path: String) -> String? {
        let rule = "a folder's path can be at most \(NumberText.grouped(maximumPathBytes, separator: ",")) bytes, and each name in it "
            + "\(maximumNameBytes), leaving room for the files rmwiki writes"
        if path.utf8.count > maximumPathBytes {
            return "the path is \(NumberText.grouped(path.utf8.count, separator: ",")) bytes long; \(rule)"
        }
        if let name = path.split(separator: "/").first(where: { $0.utf8.count > maximumNameBytes }) {
            return "the name '\(name.prefix(24))…' is \(NumberText.grouped(name.utf8.count, separator: ",")) bytes long; \(rule)"
        }
        return nil
    }

    private static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host != nil, url.port.map({ (1...65535).contains($0) }) ?? true
        else { return nil }
        return url
    }

    /// `--source rest` (the default) or `--source graphql`, whose endpoint is `--graphql URL` or derived from `--api`.
    private static func recordSource(
        _ arguments: ParsedArguments, api: URL, command: String
    ) throws(UsageError) -> RecordSource {
        let graphQLText = arguments[.graphql]
        switch arguments[.source] ?? "rest" {
        case "rest":
            if graphQLText != nil {
                throw UsageError(command: command, message: "--graphql names the endpoint for --source graphql: add --source graphql or drop --graphql")
            }
            return .rest
        case "graphql":
            if let graphQLText {
                guard let endpoint = httpURL(graphQLText) else {
                    throw UsageError(command: command, message: "--graphql needs an http(s) URL such as https://rickandmortyapi.com/graphql")
                }
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
}

/// The time a build is dated by (the "What's new" entries and the feed). `SOURCE_DATE_EPOCH`, the
/// reproducible-builds convention, overrides the system clock, so tests and packagers get fixed dates.
enum BuildClock {
    static func now(environment: [String: String] = ProcessInfo.processInfo.environment) -> Date {
        if let text = environment["SOURCE_DATE_EPOCH"], let seconds = Int64(text) {
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        return Date()
    }
}
