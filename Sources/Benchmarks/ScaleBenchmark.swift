import Foundation
import LoopbackAPI
import RickAndMortyAPI

/// `rmwiki-bench scale --factor K`: does the build's cost grow with the data? Makes the K-times dataset
/// (`ScaledDataset`), fetches it and the real one over loopback into two warm caches, then alternates release
/// `rmwiki build --offline` runs of 1× and K×, each a separate process into an empty output. The builds are
/// offline so that the figures are the generator's alone (the fetch is `rmwiki-bench fetch`'s subject).
/// Prints the medians of wall time, HTML bytes, files and peak memory (the child's max RSS) side by side,
/// with the K×/1× ratios, and the phase timings of each median build.
enum ScaleBenchmark {
    /// `--cache DIR` keeps the two warm caches (DIR/1x, DIR/Kx) between runs; they are filled only when empty.
    static let usage = "rmwiki-bench scale [--factor K] [--runs N] [--data PATH] [--cache DIR] [--work DIR]"

    static func run(arguments: [String]) async {
        do {
            try await measure(arguments: arguments)
        } catch {
            FileHandle.standardError.write(Data("rmwiki-bench scale: \(error)\n".utf8))
            exit(1)
        }
    }

    struct Run {
        let outcome: ChildProcess.Outcome
        let htmlBytes: Int
        let files: Int
    }

    static func measure(arguments: [String]) async throws {
        var factor = 10
        var runs = 5
        var data = URL(fileURLWithPath: "../shared/rickandmorty-api")
        var workRoot = FileManager.default.fileExists(atPath: "/dev/shm")
            ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        var keptCaches: URL?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--factor": factor = max(1, Int(remaining.popFirst() ?? "") ?? factor)
            case "--cache": keptCaches = remaining.popFirst().map { URL(fileURLWithPath: $0) }
            case "--runs": runs = max(1, Int(remaining.popFirst() ?? "") ?? runs)
            case "--data": data = URL(fileURLWithPath: remaining.popFirst() ?? data.path)
            case "--work": workRoot = URL(fileURLWithPath: remaining.popFirst() ?? workRoot.path)
            default: throw BenchmarkError("unknown argument \(argument); usage: " + usage)
            }
        }
        let binary = try BuildBenchmark.releaseBinary()
        let work = workRoot.appendingPathComponent("rmwiki-bench-scale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }

        var caches: [Int: URL] = [:]
        for scale in [1, factor] where caches[scale] == nil {
            let cache = (keptCaches ?? work).appendingPathComponent("cache-\(scale)x")
            caches[scale] = cache
            if DataCache(directory: cache).hasSnapshot { continue }
            let dataset = try ScaledDataset(dataFolder: data, factor: scale)
            let server = LoopbackAPIServer(snapshot: dataset.snapshot, avatars: dataset.avatars)
            let base = try await server.start()
            let refresh = try await DataService(client: APIClient(baseURL: base), cache: DataCache(directory: cache)).refresh()
            await server.stop()
            print("\(scale)×: fetched \(refresh.snapshot.characters.count) characters, \(refresh.snapshot.locations.count) "
                + "locations, \(refresh.snapshot.episodes.count) episodes, \(refresh.avatars.count) avatars over loopback")
        }

        let theme = ["--templates", "Templates", "--public", "Public"]
        func build(_ scale: Int, run: Int) throws -> Run {
            let output = work.appendingPathComponent("site-\(scale)x-\(run)")
            guard let cache = caches[scale] else { throw BenchmarkError("no cache for \(scale)×") }
            defer { try? FileManager.default.removeItem(at: output) }
            let outcome = try ChildProcess.run(
                binary, ["build", "--offline", "--cache", cache.path, "--output", output.path] + theme)
            guard outcome.status == 0 else { throw BenchmarkError("rmwiki build exited \(outcome.status): \(outcome.output)") }
            let tree = OutputTree(output)
            return Run(outcome: outcome, htmlBytes: tree.htmlBytes, files: tree.files)
        }
        var measured: [Int: [Run]] = [1: [], factor: []]
        for run in 0..<runs {
            for scale in [1, factor] { measured[scale, default: []].append(try build(scale, run: run)) }
        }

        let one = Summary(measured[1] ?? [])
        let many = Summary(measured[factor] ?? [])
        print("\nrelease rmwiki build --offline, \(runs) runs each, alternated; medians:")
        print(pad("", 14) + pad("1×", 14) + pad("\(factor)×", 14) + "ratio")
        for (name, a, b, unit) in [
            ("time", one.milliseconds, many.milliseconds, "ms"), ("HTML bytes", one.htmlBytes, many.htmlBytes, ""),
            ("files", one.files, many.files, ""), ("peak memory", one.peakMiB, many.peakMiB, "MiB"),
        ] {
            let ratio = a > 0 ? String(format: "%.2f×", Double(b) / Double(a)) : "-"
            print(pad(name, 14) + pad("\(a) \(unit)", 14) + pad("\(b) \(unit)", 14) + ratio)
        }
        for (scale, summary) in [(1, one), (factor, many)] {
            print("\(scale)× median build:")
            for line in summary.medianOutput.split(separator: "\n") { print("  " + line) }
        }
    }

    struct Summary {
        let milliseconds: Int
        let htmlBytes: Int
        let files: Int
        let peakMiB: Int
        let medianOutput: String

        init(_ runs: [Run]) {
            func median(_ values: [Int]) -> Int { values.isEmpty ? 0 : values.sorted()[values.count / 2] }
            let byTime = runs.sorted { $0.outcome.wallTime < $1.outcome.wallTime }
            milliseconds = byTime.isEmpty ? 0 : BuildBenchmark.milliseconds(byTime[byTime.count / 2].outcome.wallTime)
            medianOutput = byTime.isEmpty ? "" : byTime[byTime.count / 2].outcome.output
            htmlBytes = median(runs.map(\.htmlBytes))
            files = median(runs.map(\.files))
            peakMiB = median(runs.map(\.outcome.peakMemoryKiB)) / 1024
        }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

/// The files of a built site and the bytes of its HTML pages.
struct OutputTree {
    var files = 0
    var htmlFiles = 0
    var htmlBytes = 0

    init(_ root: URL) {
        guard let walk = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey]) else { return }
        for case let url as URL in walk {
            guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]),
                  values.isRegularFile == true else { continue }
            files += 1
            if url.pathExtension == "html" {
                htmlFiles += 1
                htmlBytes += values.fileSize ?? 0
            }
        }
    }
}
