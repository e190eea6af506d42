// rmwiki-bench: release-mode benchmarks (the template engine, fetch, GraphQL, build, publish, scale, Hugo, Markdown,
// images), one subcommand each; `main.swift` picks one.

import Foundation
import Primitives
import RickAndMortyAPI

/// `rmwiki-bench build`: the release `rmwiki build --offline` on the full dataset
/// with a warm cache (fetched once from a loopback copy of the API), run as a separate process each time:
/// a full build into an empty output, then no-change rebuilds of the same output. Prints the medians of
/// wall time and peak memory, and the phase timings of the median full build. Then `rmwiki check` over the same
/// cache and a content folder of 100 articles, 20 wiki links each: the content's checks alone. The full build is
/// set against the I/O floor of its own tree (`IOFloor`), measured between its runs, and with `--against PATH`
/// against another rmwiki's, the two alternating.
enum BuildBenchmark {
    /// `--cache DIR` keeps the warm cache between benchmark runs (it is filled only when empty); `--work DIR`
    /// puts the outputs on another file system (a tmpfs mounted outside `/dev`, which rmwiki refuses, to tell the generator's time from the disk's).
    static let usage = "rmwiki-bench build [--runs N] [--data PATH] [--cache DIR] [--work DIR] [--against RMWIKI]"

    static func run(arguments: [String]) async {
        await OfflineBuilds.run("build") { try await measure(arguments: arguments) }
    }

    static func measure(arguments: [String]) async throws {
        let options = try OfflineBuilds.Options(
            arguments, runs: 7, work: FileManager.default.temporaryDirectory,
            taking: ["--runs", "--data", "--cache", "--work", "--against"], usage: usage)
        let binary = try OfflineBuilds.releaseBinary()
        let work = options.work.appendingPathComponent("rmwiki-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let cache = try await OfflineBuilds.warmCache(options, work: work)

        var full: [ChildProcess.Outcome] = []
        var other: [ChildProcess.Outcome] = []
        var floor: [Duration] = []
        var tree: IOFloor?
        for run in 0..<options.runs {
            full.append(try OfflineBuilds.build(binary, cache: cache, output: work.appendingPathComponent("site-\(run)")))
            let ownTree = tree ?? IOFloor(of: work.appendingPathComponent("site-0"))
            tree = ownTree
            if let against = options.against {
                let output = work.appendingPathComponent("against-\(run)")
                other.append(try OfflineBuilds.build(against, cache: cache, output: output))
            }
            // Every tree stays until the end (see `IOFloor.write`): none is removed before a timed build or write.
            floor.append(try ownTree.write(into: work.appendingPathComponent("floor-\(run)")))
        }
        var rebuild: [ChildProcess.Outcome] = []
        for _ in 0..<options.runs {
            rebuild.append(try OfflineBuilds.build(binary, cache: cache, output: work.appendingPathComponent("site-0")))
        }

        let content = try writeArticles(in: work.appendingPathComponent("content"))
        var checks: [ChildProcess.Outcome] = []
        for _ in 0..<options.runs {
            let outcome = try ChildProcess.run(binary, ["check", "--cache", cache.path, "--content", content.path,
                                                        "--templates", "Templates", "--public", "Public"])
            guard outcome.status == 0 else { throw BenchmarkError("rmwiki check exited \(outcome.status): \(outcome.output)") }
            checks.append(outcome)
        }

        report("full build", full, runs: options.runs)
        let floorMedian = floor.median
        print("I/O floor (its tree written by 2 threads): median \(floorMedian.milliseconds) ms; the full build is "
            + String(format: "%.1f×", full.map(\.wallTime).median / floorMedian))
        if let against = options.against {
            report("full build by \(against)", other, runs: options.runs)
            print("  " + String(format: "%.1f×", other.map(\.wallTime).median / floorMedian) + " the floor")
        }
        report("no-change rebuild", rebuild, runs: options.runs)
        report("check (100 articles, 2,000 links)", checks, runs: options.runs)
    }

    /// 100 articles of 20 links each, by id, by episode code and by a name the API's data has once.
    static func writeArticles(in folder: URL) throws -> URL {
        let articles = folder.appendingPathComponent("articles")
        try FileManager.default.createDirectory(at: articles, withIntermediateDirectories: true)
        for number in 1...100 {
            let links = (0..<20).map { index in
                switch index % 4 {
                case 0: "[[character:\((number * 20 + index) % 826 + 1)]]"
                case 1: "[[S0\(index % 5 + 1)E0\(number % 9 + 1)]]"
                case 2: "[[Citadel of Ricks|the Citadel]]"
                default: "[[article:a\(index % 100 + 1)]]"
                }
            }
            let text = "---\ntitle: Article \(number)\ndate: 2026-11-20\n---\n" + links.joined(separator: " and ") + ".\n"
            try Data(text.utf8).write(to: articles.appendingPathComponent("a\(number).md"))
        }
        return folder
    }

    static func report(_ name: String, _ outcomes: [ChildProcess.Outcome], runs: Int) {
        let sorted = outcomes.sorted { $0.wallTime < $1.wallTime }
        let median = sorted[sorted.count / 2]
        let memory = outcomes.map(\.peakMemoryKiB).median
        print("\(name): median \(median.wallTime.milliseconds) ms of \(CountText.of(runs, "run")) "
            + "(min \(sorted[0].wallTime.milliseconds), max \(sorted[sorted.count - 1].wallTime.milliseconds)), "
            + "peak memory \(memory / 1024) MiB")
        for line in median.output.split(separator: "\n") { print("  " + line) }
    }
}
