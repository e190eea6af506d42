// The RMWikiCLI module: the command line (options, a file per command, exit codes, the `serve` preview);
// `rmwiki`'s main.swift only hands it the arguments.

import Foundation
import RickAndMortyAPI
import SiteOutput
import WikiBuild
import Primitives

/// `rmwiki build`: fetch (or reuse the cache), render every page, publish atomically.
struct BuildCommand: Command {
    static let spec = CommandSpec(
        name: "build",
        summary: "Fetch the data (or reuse the cache) and write the whole site.",
        usage: "build [--demo | --offline] [OPTIONS]",
        details: [
            "Each page goes to a staging folder as soon as it is rendered, and the output folder is switched to",
            "the new site at once, only when everything succeeded; files whose bytes did not change are left untouched.",
        ],
        options: SiteOptions.specs + [
            .flag(.dryRun, "Print what would be added, updated and removed; write nothing (uses the cache as it is)."),
            .flag(.strict, "Stop (exit 4, publish nothing) on a word of the data a string table does not translate, "
                + "instead of warning."),
        ],
        positionals: 0...0)

    let options: SiteOptions
    let dryRun: Bool
    let strict: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try SiteOptions(arguments, command: Self.spec.name)
        dryRun = arguments.has(.dryRun)
        strict = arguments.has(.strict)
    }

    func run(_ console: Console) async -> ExitCode {
        let log = options.log(console)
        do {
            let report = try await options.siteBuild(console: console, dryRun: dryRun, strictWords: strict).run(log: log)
            log.say(report.phasesLine)
            if dryRun { report.summary.changeListing.forEach(log.say) }
            log.say((dryRun ? "would publish: " : "published \(options.output.path): ") + report.summary.line
                + " in \(DurationText.elapsed(report.duration))")
            return .success
        } catch {
            return FailureReport.report(error, doing: "build", console: console)
        }
    }
}
