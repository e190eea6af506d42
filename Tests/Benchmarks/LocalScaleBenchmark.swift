import Foundation
import LoopbackAPI
import Primitives
import RickAndMortyAPI

/// `rmwiki-bench local --count N`: do local records cost what API records cost? Makes N characters beyond the
/// real data and builds the same site two ways, alternated, each a release `rmwiki build --offline` into an empty
/// output: (a) "local", the real data's cache plus the N characters in a content folder's `data/characters.json`;
/// (b) "API", a cache the loopback API filled with the real data and the same N characters. Both read a warm cache,
/// so the figures compare what the build does with the records, not the fetch. The order swaps each run (local
/// first, then API first): a build that follows many deleted files (another benchmark's outputs) creates its own
/// more slowly, and neither kind must always be the one that pays. Prints the medians of wall time, CPU time and
/// peak memory (the child's max RSS), the local/API ratios, and the phase timings of each median build.
enum LocalScaleBenchmark {
    static let usage = "rmwiki-bench local [--count N] [--runs N] [--data PATH] [--cache DIR] [--work DIR]"

    static func run(arguments: [String]) async {
        await OfflineBuilds.run("local") { try await measure(arguments: arguments) }
    }

    static func measure(arguments: [String]) async throws {
        // `--count` is the factor option under another name: how many characters to add.
        let renamed = arguments.map { $0 == "--count" ? "--factor" : $0 }
        var options = try OfflineBuilds.Options(
            renamed, runs: 3, work: FileManager.default.temporaryDirectory,
            taking: ["--factor", "--runs", "--data", "--cache", "--work"], usage: usage)
        if !arguments.contains("--count") { options.factor = 100_000 }
        let count = options.factor
        let binary = try OfflineBuilds.releaseBinary()
        let work = options.work.appendingPathComponent("rmwiki-bench-local-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }

        let real = try ScaledDataset(dataFolder: options.data, factor: 1)
        let extra = Self.characters(count, after: real.snapshot)
        let content = work.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content.appendingPathComponent("data"), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(extra).write(to: content.appendingPathComponent("data/characters.json"))

        let caches = (api: (options.cache ?? work).appendingPathComponent("cache-api-\(count)"),
                      local: (options.cache ?? work).appendingPathComponent("cache-real"))
        for (cache, snapshot) in [(caches.local, real.snapshot), (caches.api, Snapshot(
            characters: real.snapshot.characters + extra, locations: real.snapshot.locations, episodes: real.snapshot.episodes))]
        where !DataCache(directory: cache).hasSnapshot {
            let refresh = try await OfflineBuilds.warm(cache, from: LoopbackAPIServer(snapshot: snapshot, avatars: real.avatars))
            print("fetched \(refresh.snapshot.characters.count) characters over loopback into \(cache.lastPathComponent)")
        }

        func build(_ name: String, run: Int) throws -> ScaleBenchmark.Run {
            let output = work.appendingPathComponent("site-\(name)-\(run)")
            // Outputs are removed with the work folder at the end: removing 100,000 pages' folders from a loaded
            // disk takes minutes, which would double the benchmark.
            let local = name == "local"
            let arguments = OfflineBuilds.buildArguments(cache: local ? caches.local : caches.api, output: output)
                + (local ? ["--content", content.path] : [])
            let outcome = try ChildProcess.run(binary, arguments)
            guard outcome.status == 0 else { throw BenchmarkError("rmwiki build (\(name)) exited \(outcome.status): \(outcome.output)") }
            let tree = OutputTree(output)
            // Each build as it ends: a long benchmark stopped midway still leaves figures.
            FileHandle.standardOutput.write(Data((
                "\(name) run \(run + 1): \(outcome.wallTime.milliseconds) ms, CPU \(outcome.cpuTime.milliseconds) ms "
                    + "(system \(outcome.systemTime.milliseconds) ms), \(outcome.peakMemoryKiB / 1024) MiB\n").utf8))
            return ScaleBenchmark.Run(outcome: outcome, htmlBytes: tree.htmlBytes, files: tree.files)
        }
        var local: [ScaleBenchmark.Run] = []
        var api: [ScaleBenchmark.Run] = []
        for run in 0..<options.runs {
            if run % 2 == 0 { local.append(try build("local", run: run)) }
            api.append(try build("api", run: run))
            if run % 2 == 1 { local.append(try build("local", run: run)) }
        }
        ScaleBenchmark.report(
            "release rmwiki build --offline, \(CountText.of(count, "extra character")), \(CountText.of(options.runs, "run")) "
                + "each, alternated, the first of each pair swapping; medians:",
            ("API", ScaleBenchmark.Summary(api)), ("local", ScaleBenchmark.Summary(local)))
    }

    /// `count` characters after the real data's last id, each in one real episode, from one real location and living
    /// in another, spread evenly; no picture, dated a day the API already has.
    static func characters(_ count: Int, after real: Snapshot) -> [CharacterRecord] {
        let first = (real.characters.map(\.id).max() ?? 0) + 1
        let root = APIClient.defaultBaseURL.absoluteString
        let statuses = ["Alive", "Dead", "unknown"]
        let genders = ["Female", "Male", "Genderless", "unknown"]
        return (0..<count).map { index in
            let id = first + index
            let origin = real.locations[index % max(1, real.locations.count)]
            let home = real.locations[(index * 7 + 3) % max(1, real.locations.count)]
            let episode = real.episodes[index % max(1, real.episodes.count)]
            return CharacterRecord(
                id: id, name: "Fan character \(index + 1)", status: statuses[index % statuses.count],
                species: index % 2 == 0 ? "Human" : "Alien", type: "", gender: genders[index % genders.count],
                origin: NamedReference(name: origin.name, url: origin.url), location: NamedReference(name: home.name, url: home.url),
                image: "", episode: [episode.url], url: "\(root)/character/\(id)", created: "2017-11-04T18:48:46.250Z")
        }
    }
}
