import Foundation

// One subcommand per benchmark file; each runs its own argument parsing.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "mustache":
    MustacheBenchmark.run(arguments: Array(arguments.dropFirst()))
case "fetch":
    await runFetchBenchmark(arguments: Array(arguments.dropFirst()))
case "build":
    await BuildBenchmark.run(arguments: Array(arguments.dropFirst()))
default:
    FileHandle.standardError.write(Data("""
        usage: rmwiki-bench mustache [--runs N] [--data PATH] [--output PAGE.html]
               rmwiki-bench fetch [--runs N] [--latency MS] [--concurrency N] [--data DIR]
               rmwiki-bench \(BuildBenchmark.usage.dropFirst("rmwiki-bench ".count))

        """.utf8))
    exit(2)
}
