import Foundation
import LoopbackAPI
import Primitives
import RickAndMortyAPI

/// What the benchmarks of release builds (`build`, `scale`, `hugo`) share: their options, a cache warmed over
/// loopback, one `rmwiki build --offline` run as a child process, what it wrote, and medians.
enum OfflineBuilds {
    /// `--runs N`, `--data PATH`, `--cache DIR`, `--work DIR` and `--factor K`: each benchmark says which it takes
    /// and its defaults; anything else is an error that prints its usage.
    struct Options {
        var runs: Int
        var data = URL(fileURLWithPath: "../shared/rickandmorty-api")
        var cache: URL?
        var work: URL
        var factor = 10
        /// Another `rmwiki` to measure in the same run, alternating with this one (`--against PATH`).
        var against: String?

        /// The system's temporary folder: rmwiki refuses caches and outputs under `/dev`, so `/dev/shm` cannot be it.
        static let scratchFolder = FileManager.default.temporaryDirectory

        init(_ arguments: [String], runs: Int, factor: Int = 10, work: URL, taking names: Set<String>, usage: String) throws {
            self.runs = runs
            self.factor = factor
            self.work = work
            var remaining = arguments[...]
            while let argument = remaining.popFirst() {
                guard names.contains(argument), let value = remaining.popFirst() else {
                    throw BenchmarkError("unknown argument \(argument); usage: " + usage)
                }
                switch argument {
                case "--runs": self.runs = max(1, Int(value) ?? runs)
                case "--factor": self.factor = max(1, Int(value) ?? factor)
                case "--data": data = URL(fileURLWithPath: value)
                case "--cache": cache = URL(fileURLWithPath: value)
                case "--against": against = value
                default: self.work = URL(fileURLWithPath: value)
                }
            }
        }
    }

    /// Runs a benchmark; one that cannot run says why and exits 1.
    static func run(_ name: String, _ body: () async throws -> Void) async {
        do {
            try await body()
        } catch {
            FileHandle.standardError.write(Data("rmwiki-bench \(name): \(error)\n".utf8))
            exit(1)
        }
    }

    /// The `rmwiki` built beside this benchmark.
    static func releaseBinary() throws -> String {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("rmwiki").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchmarkError("\(binary) is missing: run `swift build -c release` first")
        }
        return binary
    }

    /// The cache a benchmark builds from: `--cache DIR`, or one in `work`; filled over loopback (saying so) when it
    /// holds no snapshot yet.
    /// With `scaled`, the data is `options.factor` times the real one (`ScaledDataset`) when that is more than 1.
    static func warmCache(_ options: Options, work: URL, scaled: Bool = false) async throws -> URL {
        let cache = options.cache ?? work.appendingPathComponent("cache")
        if !DataCache(directory: cache).hasSnapshot {
            let server = if scaled, options.factor > 1 {
                try ScaledDataset(dataFolder: options.data, factor: options.factor).server
            } else {
                try LoopbackAPIServer(dataFolder: options.data)
            }
            let refresh = try await warm(cache, from: server)
            print("warmed the cache: \(refresh.snapshot.characters.count) characters, \(refresh.snapshot.locations.count) "
                + "locations, \(refresh.snapshot.episodes.count) episodes, \(refresh.avatars.count) avatars")
        }
        return cache
    }

    /// Fetches what `server` serves into `cache`, as `rmwiki fetch` would.
    static func warm(_ cache: URL, from server: LoopbackAPIServer) async throws -> RefreshReport {
        let base = try await server.start()
        do {
            let refresh = try await DataService(client: APIClient(baseURL: base), cache: DataCache(directory: cache)).refresh()
            await server.stop()
            return refresh
        } catch {
            await server.stop()
            throw error
        }
    }

    /// The arguments of `rmwiki build --offline` from `cache` into `output` with the project's `Public` folder.
    static func buildArguments(cache: URL, output: URL, templates: String = "Templates") -> [String] {
        ["build", "--offline", "--cache", cache.path, "--output", output.path, "--templates", templates, "--public", "Public"]
    }

    /// One build as a child process; a build that fails stops the benchmark.
    static func build(_ binary: String, cache: URL, output: URL) throws -> ChildProcess.Outcome {
        let outcome = try ChildProcess.run(binary, buildArguments(cache: cache, output: output))
        guard outcome.status == 0 else { throw BenchmarkError("rmwiki build exited \(outcome.status): \(outcome.output)") }
        return outcome
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
        for entry in FolderWalk.entries(under: root.path, skippingHidden: false) where entry.kind == .file {
            files += 1
            if entry.path.hasSuffix(".html") {
                htmlFiles += 1
                htmlBytes += Int(FileStamp(path: root.path + "/" + entry.path)?.size ?? 0)
            }
        }
    }
}
