import Foundation
import Primitives
import LoopbackAPI
import RickAndMortyAPI

/// `rmwiki-bench scale --factor K`: does the build's cost grow with the data? Makes the K-times dataset
/// (`ScaledDataset`), fetches it and the real one over loopback into two warm caches, then alternates release
/// `rmwiki build --offline` runs of 1× and K×, each a separate process into an empty output. The builds are
/// offline so that the figures are the generator's alone (the fetch is `rmwiki-bench fetch`'s subject).
/// Prints the medians of wall time, CPU time (and its system part), HTML bytes, files and peak memory (the child's
/// max RSS) side by side,
/// with the K×/1× ratios, and the phase timings of each median build.
enum ScaleBenchmark {
    /// `--cache DIR` keeps the two warm caches (DIR/1x, DIR/Kx) between runs; they are filled only when empty.
    static let usage = "rmwiki-bench scale [--factor K] [--runs N] [--data PATH] [--cache DIR] [--work DIR]"

    static func run(arguments: [String]) async {
        await OfflineBuilds.run("scale") { try await measure(arguments: arguments) }
    }

    struct Run {
        let outcome: ChildProcess.Outcome
        let htmlBytes: Int
        let files: Int
    }

    static func measure(arguments: [String]) async throws {
        let options = try OfflineBuilds.Options(
            arguments, runs: 5, work: OfflineBuilds.Options.scratchFolder,
            taking: ["--factor", "--runs", "--data", "--cache", "--work"], usage: usage)
        let (factor, runs) = (options.factor, options.runs)
        let binary = try OfflineBuilds.releaseBinary()
        let work = options.work.appendingPathComponent("rmwiki-bench-scale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }

        var caches: [Int: URL] = [:]
        for scale in [1, factor] where caches[scale] == nil {
            let cache = (options.cache ?? work).appendingPathComponent("cache-\(scale)x")
            caches[scale] = cache
            if DataCache(directory: cache).hasSnapshot { continue }
            let dataset = try ScaledDataset(dataFolder: options.data, factor: scale)
            let refresh = try await OfflineBuilds.warm(
                cache, from: LoopbackAPIServer(snapshot: dataset.snapshot, avatars: dataset.avatars))
            print("\(scale)×: fetched \(refresh.snapshot.characters.count) characters, \(refresh.snapshot.locations.count) "
                + "locations, \(refresh.snapshot.episodes.count) episodes, \(refresh.avatars.count) avatars over loopback")
        }

        func build(_ scale: Int, run: Int) throws -> Run {
            let output = work.appendingPathComponent("site-\(scale)x-\(run)")
            guard let cache = caches[scale] else { throw BenchmarkError("no cache for \(scale)×") }
            defer { try? FileManager.default.removeItem(at: output) }
            let outcome = try OfflineBuilds.build(binary, cache: cache, output: output)
            let tree = OutputTree(output)
            return Run(outcome: outcome, htmlBytes: tree.htmlBytes, files: tree.files)
        }
        var measured: [Int: [Run]] = [:]
        for run in 0..<runs {
            for scale in [1, factor] { measured[scale, default: []].append(try build(scale, run: run)) }
        }

        report("release rmwiki build --offline, \(CountText.of(runs, "run")) each, alternated; medians:",
               ("1×", Summary(measured[1] ?? [])), ("\(factor)×", Summary(measured[factor] ?? [])))
    }

    /// The medians of two kinds of build side by side with the second's ratio to the first, then the phase timings
    /// of each median build.
    static func report(_ title: String, _ first: (name: String, summary: Summary), _ second: (name: String, summary: Summary)) {
        let (one, many) = (first.summary, second.summary)
        print("\n" + title)
        let pad = OfflineBuilds.pad
        print(pad("", 14) + pad(first.name, 14) + pad(second.name, 14) + "ratio")
        for (name, a, b, unit) in [
            ("time", one.milliseconds, many.milliseconds, "ms"), ("CPU", one.cpuMilliseconds, many.cpuMilliseconds, "ms"),
            ("system CPU", one.systemMilliseconds, many.systemMilliseconds, "ms"), ("HTML bytes", one.htmlBytes, many.htmlBytes, ""),
            ("files", one.files, many.files, ""), ("peak memory", one.peakMiB, many.peakMiB, "MiB"),
        ] {
            let ratio = a > 0 ? String(format: "%.2f×", Double(b) / Double(a)) : "-"
            print(pad(name, 14) + pad("\(a) \(unit)", 14) + pad("\(b) \(unit)", 14) + ratio)
        }
        for (name, summary) in [(first.name, one), (second.name, many)] {
            print("\(name) median build:")
            for line in summary.medianOutput.split(separator: "\n") { print("  " + line) }
        }
    }

    struct Summary {
        let milliseconds: Int
        /// User and system time, and the system's part alone: the kernel's file creation slows down after many
        /// files were deleted on the same disk, which is the machine's state more than the build's work.
        let cpuMilliseconds: Int
        let systemMilliseconds: Int
        let htmlBytes: Int
        let files: Int
        let peakMiB: Int
        let medianOutput: String

        init(_ runs: [Run]) {
            let byTime = runs.sorted { $0.outcome.wallTime < $1.outcome.wallTime }
            let middle = byTime[byTime.count / 2]
            milliseconds = middle.outcome.wallTime.milliseconds
            medianOutput = middle.outcome.output
            cpuMilliseconds = runs.map(\.outcome.cpuTime.milliseconds).median
            systemMilliseconds = runs.map(\.outcome.systemTime.milliseconds).median
            htmlBytes = runs.map(\.htmlBytes).median
            files = runs.map(\.files).median
            peakMiB = runs.map(\.outcome.peakMemoryKiB).median / 1024
        }
    }
}
