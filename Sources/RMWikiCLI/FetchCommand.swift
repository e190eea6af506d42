import RickAndMortyAPI

/// `rmwiki fetch`: refresh the cache only, and say what changed since the last snapshot.
struct FetchCommand: Command {
    static let spec = CommandSpec(
        name: "fetch",
        summary: "Refresh the data cache and print what changed since the last snapshot.",
        usage: "fetch [--api URL] [--source rest|graphql] [--graphql URL] [--cache DIR] [--concurrency N] [--max-time DURATION] "
            + "[--allow-shrink] [--image-host HOSTS] [--quiet]",
        details: [
            "Re-runs ask the API with If-None-Match / If-Modified-Since, and pictures already cached are not",
            "downloaded again. A failed fetch leaves the cache exactly as it was, except that pictures it already",
            "downloaded and checked are kept aside for the next try. When the API throttles, the fetch slows down",
            "and keeps going, within --max-time.",
        ],
        options: SiteOptions.specs.filter {
            [.value(.api), .value(.source), .value(.graphql), .value(.cache), .value(.concurrency), .value(.maxTime),
             .flag(.allowShrink), .value(.imageHost), .flag(.quiet)].contains($0.key)
        },
        positionals: 0...0)

    let options: SiteOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try SiteOptions(arguments, command: Self.spec.name)
    }

    func run(_ console: Console) async -> ExitCode {
        let log = options.log(console)
        do {
            let report = try await options.dataService().refresh(
                progress: options.progress(console), recordingAt: BuildClock.now(), within: options.maxTime)
            report.warnings.forEach(log.warn)
            report.summary.forEach(log.say)
            return .success
        } catch {
            return FailureReport.report(error, doing: "fetch", console: console)
        }
    }
}
