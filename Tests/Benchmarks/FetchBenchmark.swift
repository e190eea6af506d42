import Foundation
import LoopbackAPI
import Primitives
import RickAndMortyAPI

/// `rmwiki-bench fetch [--runs N] [--latency MS] [--concurrency N] [--rate-limit N] [--data DIR]`: fetches the
/// whole dataset (records and avatars, into a fresh cache each run) from a loopback API that adds latency to
/// every request, one request at a time and then with the default concurrency, and prints the medians.
/// With `--rate-limit N` it instead fetches through a limit of N requests per second plus steady faults (a 500
/// every 9th request, a truncated body every 13th) and compares the median time with requests ÷ N.
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
    var rateLimit: Int?
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
            case "--rate-limit": rateLimit = try Self.positive(value, flag)
            case "--data": dataFolder = URL(fileURLWithPath: value)
            default:
                throw BenchmarkError("unknown option \(flag); use --runs, --latency, --concurrency, --rate-limit or --data")
            }
        }
    }

    func run() async throws {
        let server = try LoopbackAPIServer(dataFolder: dataFolder, options: LoopbackAPIOptions(latency: latency))
        let base = try await server.start()
        defer { Task { await server.stop() } }
        if let rateLimit {
            try await runThrottled(limit: rateLimit, base: base, server: server)
            return
        }
        print("fetch benchmark: whole dataset from \(base.absoluteString), \(latency.milliseconds) ms added per request, "
            + "\(CountText.of(runs, "run")) each (median), release build expected")
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
            let median = times.median
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

    /// One clean fetch for reference (its requests are the ones a correct fetch must make: every record page and
    /// every picture, once), then `runs` times side by side: a fetch with the faults alone (their retries' backoff
    /// is time the limit does not explain) and one through the limit and the faults, whose time is compared with
    /// the least the limit allows and whose cache with the clean one.
    private func runThrottled(limit: Int, base: URL, server: LoopbackAPIServer) async throws {
        print("fetch benchmark: whole dataset from \(base.absoluteString), \(latency.milliseconds) ms added per request, "
            + "limit \(limit) requests/s, HTTP 500 every 9th request, truncated body every 13th, "
            + "concurrency \(concurrency), \(CountText.of(runs, "run")) (median), release build expected")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let clean = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: clean) }
        await server.setFaults([])
        await server.setRateLimit(nil)
        let cleanReport = try await DataService(
            client: APIClient(baseURL: base, concurrency: concurrency), cache: DataCache(directory: clean)
        ).refresh(recordingAt: date)
        let cleanStatistics = cleanReport.statistics
        let needed = cleanStatistics.requests - cleanStatistics.retries - cleanStatistics.throttled
        let pictures = cleanStatistics.imagesDownloaded
        print("requests a correct fetch makes: \(needed) (\(needed - pictures) record pages + \(pictures) pictures); "
            + String(format: "÷ limit = %.2f s", Double(needed) / Double(limit)))
        let cleanCache = Self.contents(of: clean)

        let faults = [
            LoopbackFaultRule(.everyNth(9), .status(500)),
            LoopbackFaultRule(.everyNth(13), .truncateBody(afterBytes: 64)),
        ]
        var faultTimes: [Double] = []
        var throttledTimes: [Double] = []
        var letThroughCounts: [Int] = []
        for run in 1...runs {
            let faultsOnly = Self.temporaryFolder()
            let throttled = Self.temporaryFolder()
            defer { for folder in [faultsOnly, throttled] { try? FileManager.default.removeItem(at: folder) } }
            await server.setRateLimit(nil)
            await server.setFaults(faults)
            let faultsStarted = ContinuousClock.now
            _ = try await DataService(
                client: APIClient(baseURL: base, concurrency: concurrency), cache: DataCache(directory: faultsOnly)
            ).refresh(recordingAt: date)
            faultTimes.append((ContinuousClock.now - faultsStarted).seconds)

            await server.setFaults(faults)
            await server.setRateLimit(LoopbackRateLimit(requests: limit))
            await server.resetCounters()
            let started = ContinuousClock.now
            let report = try await DataService(
                client: APIClient(baseURL: base, concurrency: concurrency), cache: DataCache(directory: throttled)
            ).refresh(recordingAt: date)
            let seconds = (ContinuousClock.now - started).seconds
            let counters = await server.counters()
            let letThrough = counters.requests - counters.throttled
            throttledTimes.append(seconds)
            letThroughCounts.append(letThrough)
            guard Self.contents(of: throttled) == cleanCache else {
                throw BenchmarkError("run \(run): the throttled fetch wrote a different cache than a clean fetch")
            }
            print(String(format: "run %d: %.2f s through the limit (%d let through: %d retries after faults; %d throttled), "
                + "%.2f s with the faults alone; cache byte-identical to the clean fetch",
                run, seconds, letThrough, report.statistics.retries, counters.throttled, faultTimes[faultTimes.count - 1]))
        }
        let median = throttledTimes.median
        let letThrough = letThroughCounts.map(Double.init).median
        print(String(format: "median %.2f s: %.2fx of needed requests ÷ limit (%.2f s), %.2fx of let-through requests ÷ limit "
            + "(%.0f ÷ %d = %.2f s); the same faults without the limit: median %.2f s",
            median, median * Double(limit) / Double(needed), Double(needed) / Double(limit),
            median * Double(limit) / letThrough, letThrough, limit, letThrough / Double(limit), faultTimes.median))
    }

    private static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("rmwiki-bench-\(UUID().uuidString)")
    }

    private static func contents(of folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for entry in FolderWalk.entries(under: folder.path, skippingHidden: false) {
            files[entry.path] = FileManager.default.contents(atPath: folder.appendingPathComponent(entry.path).path)
        }
        return files
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
        let seconds = (ContinuousClock.now - started).seconds
        guard report.snapshot.characters.count == 826, report.avatars.count == 826 else {
            throw BenchmarkError("incomplete fetch: \(CountText.of(report.snapshot.characters.count, "character")), \(CountText.of(report.avatars.count, "avatar"))")
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
