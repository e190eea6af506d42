import Foundation
import Primitives

// One subcommand per benchmark file; each runs its own argument parsing.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "mustache":
    MustacheBenchmark.run(arguments: Array(arguments.dropFirst()))
case "fetch":
    await runFetchBenchmark(arguments: Array(arguments.dropFirst()))
case "graphql":
    await runGraphQLBenchmark(arguments: Array(arguments.dropFirst()))
case "build":
    await BuildBenchmark.run(arguments: Array(arguments.dropFirst()))
case "incremental":
    await IncrementalBenchmark.run(arguments: Array(arguments.dropFirst()))
case "preview":
    await PreviewBenchmark.run(arguments: Array(arguments.dropFirst()))
case "scale":
    await ScaleBenchmark.run(arguments: Array(arguments.dropFirst()))
case "search":
    await SearchBenchmark.run(arguments: Array(arguments.dropFirst()))
case "local":
    await LocalScaleBenchmark.run(arguments: Array(arguments.dropFirst()))
case "hugo":
    await HugoBenchmark.run(arguments: Array(arguments.dropFirst()))
case "images":
    do {
        try ImagesBenchmark.run(arguments: Array(arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("rmwiki-bench images: \(error)\n".utf8))
        exit(1)
    }
case "child":
    // The launcher `ChildProcess` measures each build through; not for people.
    ChildProcess.launch(arguments: Array(arguments.dropFirst()))
case "markdown":
    MarkdownBenchmark.run(arguments: Array(arguments.dropFirst()))
case "article":
    await ArticleBenchmark.run(arguments: Array(arguments.dropFirst()))
case "publish":
    // The site writer alone: 1,100 pages and the real avatars, first publish, one change, no change.
    do {
        let avatars = URL(fileURLWithPath: arguments.dropFirst().first ?? "../shared/rickandmorty-api/avatars")
        for measurement in try PublishBenchmark(avatarsFolder: avatars).run() { print(measurement.line) }
    } catch {
        FileHandle.standardError.write(Data("rmwiki-bench publish: \(error)\n".utf8))
        exit(1)
    }
default:
    FileHandle.standardError.write(Data("""
        usage: rmwiki-bench mustache [--runs N] [--data PATH] [--output PAGE.html]
               rmwiki-bench fetch [--runs N] [--latency MS] [--concurrency N] [--rate-limit N] [--data DIR]
               rmwiki-bench graphql [--runs N] [--latency MS] [--concurrency N] [--data DIR]
               rmwiki-bench \(BuildBenchmark.usage.dropFirst("rmwiki-bench ".count))
               rmwiki-bench \(IncrementalBenchmark.usage.dropFirst("rmwiki-bench ".count))
               rmwiki-bench \(PreviewBenchmark.usage.dropFirst("rmwiki-bench ".count))
               rmwiki-bench \(ScaleBenchmark.usage.dropFirst("rmwiki-bench ".count))
               rmwiki-bench \(SearchBenchmark.usage.dropFirst("rmwiki-bench ".count))
               rmwiki-bench \(LocalScaleBenchmark.usage.dropFirst("rmwiki-bench ".count))
               rmwiki-bench \(HugoBenchmark.usage.dropFirst("rmwiki-bench ".count))
               rmwiki-bench publish [AVATARS_FOLDER]
               \(MarkdownBenchmark.usage)
               \(ArticleBenchmark.usage)
               \(ImagesBenchmark.usage)

        """.utf8))
    exit(2)
}

/// A benchmark that cannot run, with the reason to print.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Duration {
    /// Rounded to the nearest millisecond: what the benchmarks print.
    var milliseconds: Int { Int((seconds * 1000).rounded()) }
}

extension Array where Element: Comparable {
    /// The middle value (the upper one of an even count); every benchmark measures at least one run.
    var median: Element { sorted()[count / 2] }
}
