import Foundation
import Primitives
import LoopbackAPI
import RickAndMortyAPI

/// `rmwiki-bench graphql [--runs N] [--latency MS] [--concurrency N] [--data DIR]`: the whole dataset from a
/// loopback API that adds latency to every request, over REST and over GraphQL: the records alone (what the
/// source changes), then records and avatars into a fresh cache. Prints the medians, requests and bytes.
func runGraphQLBenchmark(arguments: [String]) async {
    do {
        try await GraphQLBenchmark(settings: FetchBenchmark(arguments: arguments)).run()
    } catch {
        FileHandle.standardError.write(Data("rmwiki-bench graphql: \(error)\n".utf8))
        exit(1)
    }
}

private struct GraphQLBenchmark {
    let settings: FetchBenchmark

    private struct Measurement {
        var seconds: [Double] = []
        var statistics = FetchStatistics()

        var median: Double { seconds.median }

        func line(_ label: String) -> String {
            let runs = seconds.map { String(format: "%.3f", $0) }.joined(separator: ", ")
            return String(format: "%@: median %.3f s (runs %@ s), %d requests, %@", label, median, runs,
                          statistics.requests, ByteCount.format(statistics.bytes))
        }
    }

    func run() async throws {
        let server = try LoopbackAPIServer(dataFolder: settings.dataFolder, options: LoopbackAPIOptions(latency: settings.latency))
        let base = try await server.start()
        defer { Task { await server.stop() } }
        guard let endpoint = RecordSource.graphQLEndpoint(forREST: base) else {
            throw BenchmarkError("no GraphQL endpoint beside \(base.absoluteString)")
        }
        print("graphql benchmark: whole dataset from \(base.absoluteString), \(settings.latency.milliseconds) ms added "
            + "per request, concurrency \(settings.concurrency), \(CountText.of(settings.runs, "run")) each (median), release build expected")
        // Unmeasured: fills the server's picture cache so every measured run reads from memory alike.
        _ = try await refresh(base: base, source: .rest)

        var records: [String: Measurement] = [:]
        var snapshots: [String: Snapshot] = [:]
        for (label, source) in [("REST", RecordSource.rest), ("GraphQL", .graphQL(endpoint: endpoint))] {
            var client = APIClient(baseURL: base, concurrency: settings.concurrency)
            client.recordSource = source
            var recordsOnly = Measurement()
            var whole = Measurement()
            for _ in 0..<settings.runs {
                let started = ContinuousClock.now
                let fetch = try await client.fetchRecordsAndAvatars(avatar: { _ in nil }) { _, _ in }.records
                recordsOnly.seconds.append((ContinuousClock.now - started).seconds)
                recordsOnly.statistics = fetch.statistics
                snapshots[label] = fetch.snapshot
            }
            for _ in 0..<settings.runs {
                let started = ContinuousClock.now
                let report = try await refresh(base: base, source: source)
                whole.seconds.append((ContinuousClock.now - started).seconds)
                whole.statistics = report.statistics
            }
            print(recordsOnly.line("\(label) records"))
            print(whole.line("\(label) records + avatars"))
            records[label] = recordsOnly
        }
        guard let rest = records["REST"], let graphQL = records["GraphQL"], snapshots["REST"] == snapshots["GraphQL"] else {
            throw BenchmarkError("REST and GraphQL fetched different snapshots")
        }
        print(String(format: "GraphQL records take %.1f%% of the REST time (%.1fx faster) in %d requests "
            + "(target: at most 33.3%%, at most 10 requests)",
            graphQL.median / rest.median * 100, rest.median / graphQL.median, graphQL.statistics.requests))
    }

    private func refresh(base: URL, source: RecordSource) async throws -> RefreshReport {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("rmwiki-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        var client = APIClient(baseURL: base, concurrency: settings.concurrency)
        client.recordSource = source
        let report = try await DataService(client: client, cache: DataCache(directory: cache)).refresh()
        guard report.snapshot.characters.count == 826, report.avatars.count == 826 else {
            throw BenchmarkError("incomplete fetch: \(CountText.of(report.snapshot.characters.count, "character")), \(CountText.of(report.avatars.count, "avatar"))")
        }
        return report
    }
}
