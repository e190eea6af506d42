import RickAndMortyAPI

/// `rmwiki fetch`: refresh the cache only, and say what changed since the last snapshot.
struct FetchCommand: Command {
    static let spec = CommandSpec(
        name: "fetch",
        summary: "Refresh the data cache and print what changed since the last snapshot.",
        usage: "fetch [--api URL] [--source rest|graphql] [--graphql URL] [--cache DIR] [--concurrency N] [--quiet]",
        details: [
            "Re-runs ask the API with If-None-Match / If-Modified-Since, and pictures already cached are not",
            "downloaded again. A failed fetch leaves the cache exactly as it was.",
        ],
        options: SiteOptions.specs.filter { ["api", "source", "graphql", "cache", "concurrency", "quiet"].contains($0.name) },
        positionals: 0...0)

    let options: SiteOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try SiteOptions(arguments, command: Self.spec.name)
    }

    func run(_ console: Console) async -> ExitCode {
        let builder = SiteBuilder(options: options, console: console)
        do {
            let report = try await builder.refresh()
            if !options.quiet { report.summary.forEach(console.out) }
            return .success
        } catch {
            return FailureReport.report(error, doing: "fetch", console: console)
        }
    }
}
