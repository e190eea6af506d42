import WikiBuild

/// `rmwiki check`: the build's checks of the content alone, for a writer's editor or a pull request's CI.
struct CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check",
        summary: "Check the content folder (front matter, pictures, local records, wiki links); publish nothing.",
        usage: "check [--demo] [--content DIR] [--cache DIR] [--templates DIR] [--public DIR] [--quiet]",
        details: [
            "Runs every check a build makes of the content over the data in the cache (never fetched), or the demo's",
            "with --demo, and lists every mistake at once. Exits 0 when there is none, 4 when there are.",
        ],
        options: SiteOptions.specs.filter {
            [.flag(.demo), .value(.content), .value(.cache), .value(.templates), .value(.publicFolder), .flag(.quiet)]
                .contains($0.key)
        },
        positionals: 0...0)

    let options: SiteOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try SiteOptions(arguments, command: Self.spec.name)
    }

    func run(_ console: Console) async -> ExitCode {
        let log = options.log(console)
        do {
            let checked = try await options.siteBuild(console: console, dryRun: true).check(log: log)
            log.say("checked \(checked): no mistakes")
            return .success
        } catch {
            return FailureReport.report(error, doing: "check", console: console)
        }
    }
}
