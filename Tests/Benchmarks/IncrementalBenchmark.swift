import Foundation
import Primitives
import RickAndMortyAPI
import LoopbackAPI

/// `rmwiki-bench incremental`: the release `rmwiki build --offline` over the full dataset from a warm cache, with a
/// content folder of 100 articles (`BuildBenchmark.writeArticles`) and a copy of the project's templates, each build a
/// separate process into the same output: after one edit of each kind in turn (an article's text, a record through a
/// local correction of character 400's name, character 401's changed by a fetch from a loopback API, a template,
/// nothing), and `--full`. Prints each kind's median wall
/// and CPU time and the "rendered" and phases lines of its median run. With `--against PATH`, another rmwiki builds
/// the same edits into an output of its own right after this one (its `--full` is a build with its build state removed,
/// for an rmwiki that has no such option). `--factor K` builds K times the data (`ScaledDataset`).
enum IncrementalBenchmark {
    static let usage = "rmwiki-bench incremental [--runs N] [--factor K] [--data PATH] [--cache DIR] [--work DIR] [--against RMWIKI]"

    static func run(arguments: [String]) async {
        await OfflineBuilds.run("incremental") { try await measure(arguments: arguments) }
    }

    enum Edit: String, CaseIterable {
        case article = "one article edited"
        case record = "one record changed (a local correction)"
        case fetch = "one record changed by a fetch"
        case template = "one template changed"
        case nothing = "no change"
        case full = "--full"
    }

    static func measure(arguments: [String]) async throws {
        let options = try OfflineBuilds.Options(
            arguments, runs: 5, factor: 1, work: FileManager.default.temporaryDirectory,
            taking: ["--runs", "--factor", "--data", "--cache", "--work", "--against"], usage: usage)
        let binary = try OfflineBuilds.releaseBinary()
        let work = options.work.appendingPathComponent("rmwiki-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let cache = try await OfflineBuilds.warmCache(options, work: work, scaled: true)
        // The API the fetches refresh from, on one port for the whole run (the records name its address).
        let api = try options.factor > 1 ? ScaledDataset(dataFolder: options.data, factor: options.factor).server
            : LoopbackAPIServer(dataFolder: options.data)
        let base = try await api.start()
        defer { Task { await api.stop() } }
        let content = try BuildBenchmark.writeArticles(in: work.appendingPathComponent("content"))
        try FileManager.default.createDirectory(at: content.appendingPathComponent("data"), withIntermediateDirectories: true)
        let templates = work.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "Templates"), to: templates)
        let builders = [(binary, "this rmwiki")] + (options.against.map { [($0, $0)] } ?? [])
        // A cache each: two rmwikis would each rewrite the other's picture stamps on every build.
        let caches = [cache] + (options.against == nil ? [] : [work.appendingPathComponent("cache-other")])
        if caches.count > 1 { try FileManager.default.copyItem(at: cache, to: caches[1]) }
        /// What `rmwiki fetch` does: the changed records fetched, a new generation committed, each picture in it a link to
        /// the last generation's file.
        func fetch() async throws {
            for cache in caches { _ = try await DataService(client: APIClient(baseURL: base), cache: DataCache(directory: cache)).refresh() }
        }
        try await fetch()
        func build(_ index: Int, _ edit: Edit?) throws -> ChildProcess.Outcome {
            let output = work.appendingPathComponent("site-\(index)")
            var arguments = OfflineBuilds.buildArguments(cache: caches[index], output: output, templates: templates.path)
                + ["--content", content.path]
            if edit == .full {
                if index == 0 { arguments.append("--full") } else {
                    try? FileManager.default.removeItem(at: work.appendingPathComponent(".site-\(index).build-state"))
                }
            }
            let outcome = try ChildProcess.run(builders[index].0, arguments)
            guard outcome.status == 0 else { throw BenchmarkError("rmwiki build exited \(outcome.status): \(outcome.output)") }
            return outcome
        }
        for index in builders.indices { _ = try build(index, nil) }
        var outcomes: [Edit: [[ChildProcess.Outcome]]] = [:]
        for run in 0..<options.runs {
            for edit in Edit.allCases {
                if edit == .fetch {
                    try await api.updateCharacter(id: 401) { $0.name = "Fetched \(run)" }
                    try await fetch()
                }
                try apply(edit, run: run, content: content, templates: templates)
                var round = outcomes[edit] ?? Array(repeating: [], count: builders.count)
                for index in builders.indices { round[index].append(try build(index, edit)) }
                outcomes[edit] = round
            }
        }
        for edit in Edit.allCases {
            for (index, builder) in builders.enumerated() {
                let sorted = (outcomes[edit]?[index] ?? []).sorted { $0.wallTime < $1.wallTime }
                guard !sorted.isEmpty else { continue }
                let median = sorted[sorted.count / 2]
                print("\(edit.rawValue), \(builder.1): median \(median.wallTime.milliseconds) ms wall, "
                    + "\((sorted.map(\.cpuTime).median).milliseconds) ms CPU of \(CountText.of(sorted.count, "run")) "
                    + "(min \(sorted[0].wallTime.milliseconds), max \(sorted[sorted.count - 1].wallTime.milliseconds))")
                for line in median.output.split(separator: "\n") where line.hasPrefix("rendered") || line.hasPrefix("phases") {
                    print("  " + line)
                }
            }
        }
    }

    static func apply(_ edit: Edit, run: Int, content: URL, templates: URL) throws {
        switch edit {
        case .article:
            let file = content.appendingPathComponent("articles/a1.md")
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("\nEdit \(run).\n".utf8))
            try handle.close()
        case .record:
            try Data(#"[{"id": 400, "name": "Renamed \#(run)"}]"#.utf8)
                .write(to: content.appendingPathComponent("data/characters.json"))
        case .template:
            let file = templates.appendingPathComponent("article.mustache")
            try Data((try String(contentsOf: file, encoding: .utf8) + "<!-- \(run) -->\n").utf8).write(to: file)
        case .fetch, .nothing, .full:
            break
        }
    }
}
