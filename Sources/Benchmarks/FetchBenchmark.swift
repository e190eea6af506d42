import Foundation
import LoopbackAPI
import RickAndMortyAPI

/// `rmwiki-bench fetch [--runs N] [--latency MS] [--concurrency N] [--data DIR]`: fetches the whole dataset
/// (records and avatars, into a fresh cache each run) from a loopback API that adds latency to every request,
/// one request at a time and then with the default concurrency, and prints the medians.
func runFetchBenchmark(arguments: [String]) async {
    do {
        try await FetchBenchmark(arguments: arguments).run()
    } catch {
        FileHandle.standardError.write(Data("rmwiki-bench fetch: \(error)\n".utf8))
        exit(1)
    }
}

struct FetchBenchmark {
    var runs = 3
    var latency: Duration = .milliseconds(50)
    var concurrency = APIClient.defaultConcurrency
    var dataFolder: URL

    init(arguments: [String]) throws {
        dataFolder = Self.defaultDataFolder()
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            guard let value = remaining.popFirst() else { throw BenchmarkError("\(flag) needs a value") }
            switch flag {
            case "--runs": runs = try Self.positive(value, flag)
            case "--latency": latency = .milliseconds(try Self.positive(value, flag))
            case "--concurrency": concurrency = try Self.positive(value, flag)
            case "--data": dataFolder = URL(fileURLWithPath: value)
            default: throw BenchmarkError("unknown option \(flag); use --runs, --latency, --concurrency or --data")
            }
        }
    }

    func run() async throws {
        let server = try LoopbackAPIServer(dataFolder: dataFolder, options: LoopbackAPIOptions(latency: latency))
        let base = try await server.start()
        defer { Task { await server.stop() } }
        print("fetch benchmark: whole dataset from \(base.absoluteString), \(latency.milliseconds) ms added per request, "
            + "\(runs) runs each (median), release build expected")
        // Unmeasured: fills the server's picture cache so every measured run reads from memory alike.
        _ = try await fetchOnce(base: base, concurrency: concurrency, server: server)

        var medians: [Int: Double] = [:]
        for limit in [1, concurrency] {
            var times: [Double] = []
            var last: Measurement?
            for _ in 0..<runs {
                let measurement = try await fetchOnce(base: base, concurrency: limit, server: server)
                times.append(measurement.seconds)
                last = measurement
            }
            let median = times.sorted()[times.count / 2]
            medians[limit] = median
            if let last {
                let runsText = times.map { String(format: "%.2f", $0) }.joined(separator: ", ")
                print(String(format: "concurrency %2d: median %.2f s (runs %@ s), %d requests, %@, max in flight %d",
                             limit, median, runsText, last.requests, ByteCount.format(last.bytes), last.maxInFlight))
            }
        }
        if let serial = medians[1], let concurrent = medians[concurrency], concurrent > 0 {
            print(String(format: "concurrent fetch takes %.1f%% of the serial time (%.1fx faster; target: at most 20%%)",
                         concurrent / serial * 100, serial / concurrent))
        }
    }

    private struct Measurement {
        var seconds: Double
        var requests: Int
        var bytes: Int
        var maxInFlight: Int
    }

    private func fetchOnce(base: URL, concurrency: Int, server: LoopbackAPIServer) async throws -> Measurement {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("rmwiki-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        await server.resetCounters()
        let service = DataService(
            client: APIClient(baseURL: base, concurrency: concurrency), cache: DataCache(directory: cache))
        let started = ContinuousClock.now
        let report = try await service.refresh()
        let seconds = (ContinuousClock.now - started).secondsValue
        guard report.snapshot.characters.count == 826, report.avatars.count == 826 else {
            throw BenchmarkError("incomplete fetch: \(report.snapshot.characters.count) characters, \(report.avatars.count) avatars")
        }
        let counters = await server.counters()
        return Measurement(
            seconds: seconds, requests: report.statistics.requests, bytes: report.statistics.bytes,
            maxInFlight: counters.maxInFlight)
    }

    static func positive(_ value: String, _ flag: String) throws -> Int {
        guard let number = Int(value), number > 0 else { throw BenchmarkError("\(flag) needs a positive number") }
        return number
    }

    /// `../shared/rickandmorty-api` beside the package root: from the working directory when run as documented,
    /// else from this source file's location.
    static func defaultDataFolder() -> URL {
        let fromWorkingDirectory = URL(fileURLWithPath: "../shared/rickandmorty-api")
        if FileManager.default.fileExists(atPath: fromWorkingDirectory.appendingPathComponent("characters.json").path) {
            return fromWorkingDirectory
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/rickandmorty-api")
    }
}

extension Duration {
    var secondsValue: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
