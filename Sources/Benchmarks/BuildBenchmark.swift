import Foundation
import LoopbackAPI
import RickAndMortyAPI

/// `rmwiki-bench build`: the release `rmwiki build --offline` on the full dataset
/// with a warm cache (fetched once from a loopback copy of the API), run as a separate process each time:
/// a full build into an empty output, then no-change rebuilds of the same output. Prints the medians of
/// wall time and peak memory, and the phase timings of the median full build.
enum BuildBenchmark {
    /// `--cache DIR` keeps the warm cache between benchmark runs (it is filled only when empty); `--work DIR`
    /// puts the outputs on another file system (e.g. /dev/shm, to tell the generator's time from the disk's).
    static let usage = "rmwiki-bench build [--runs N] [--data PATH] [--cache DIR] [--work DIR]"

    static func run(arguments: [String]) async {
        do {
            try await measure(arguments: arguments)
        } catch {
            FileHandle.standardError.write(Data("rmwiki-bench build: \(error)\n".utf8))
            exit(1)
        }
    }

    static func measure(arguments: [String]) async throws {
        var runs = 7
        var data = URL(fileURLWithPath: "../shared/rickandmorty-api")
        var keptCache: URL?
        var workRoot = FileManager.default.temporaryDirectory
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--runs": runs = max(1, Int(remaining.popFirst() ?? "") ?? runs)
            case "--data": data = URL(fileURLWithPath: remaining.popFirst() ?? data.path)
            case "--cache": keptCache = remaining.popFirst().map { URL(fileURLWithPath: $0) }
            case "--work": workRoot = URL(fileURLWithPath: remaining.popFirst() ?? workRoot.path)
            default: throw BenchmarkError("unknown argument \(argument); usage: " + usage)
            }
        }
        let binary = try releaseBinary()
        let work = workRoot.appendingPathComponent("rmwiki-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let cache = keptCache ?? work.appendingPathComponent("cache")
        if !DataCache(directory: cache).hasSnapshot {
            let server = try LoopbackAPIServer(dataFolder: data)
            let base = try await server.start()
            let refresh = try await DataService(client: APIClient(baseURL: base), cache: DataCache(directory: cache)).refresh()
            await server.stop()
            print("warmed the cache: \(refresh.snapshot.characters.count) characters, \(refresh.snapshot.locations.count) "
                + "locations, \(refresh.snapshot.episodes.count) episodes, \(refresh.avatars.count) avatars")
        }

        let theme = ["--templates", "Templates", "--public", "Public"]
        func build(_ output: URL) throws -> ChildProcess.Outcome {
            let outcome = try ChildProcess.run(binary, ["build", "--offline", "--cache", cache.path, "--output", output.path] + theme)
            guard outcome.status == 0 else { throw BenchmarkError("rmwiki build exited \(outcome.status): \(outcome.output)") }
            return outcome
        }
        var full: [ChildProcess.Outcome] = []
        for run in 0..<runs { full.append(try build(work.appendingPathComponent("site-\(run)"))) }
        var rebuild: [ChildProcess.Outcome] = []
        for _ in 0..<runs { rebuild.append(try build(work.appendingPathComponent("site-0"))) }

        report("full build", full, runs: runs)
        report("no-change rebuild", rebuild, runs: runs)
    }

    /// The `rmwiki` built beside this benchmark.
    static func releaseBinary() throws -> String {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("rmwiki").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchmarkError("\(binary) is missing: run `swift build -c release` first")
        }
        return binary
    }

    static func report(_ name: String, _ outcomes: [ChildProcess.Outcome], runs: Int) {
        let sorted = outcomes.sorted { $0.wallTime < $1.wallTime }
        let median = sorted[sorted.count / 2]
        let memory = outcomes.map(\.peakMemoryKiB).sorted()[outcomes.count / 2]
        print("\(name): median \(milliseconds(median.wallTime)) ms of \(runs) runs "
            + "(min \(milliseconds(sorted[0].wallTime)), max \(milliseconds(sorted[sorted.count - 1].wallTime))), "
            + "peak memory \(memory / 1024) MiB")
        for line in median.output.split(separator: "\n") { print("  " + line) }
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int((Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15).rounded())
    }
}
