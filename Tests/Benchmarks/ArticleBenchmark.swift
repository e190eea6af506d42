import Foundation

/// `rmwiki-bench article [--runs N] [--megabytes N,N…]`: the release `rmwiki build --demo` over a content folder
/// holding one generated article of each size (`MarkdownBenchmark.wikiArticles` with wiki links in every section),
/// against the same build without it: the medians of CPU time and peak memory, and what the article adds. The
/// prose path is linear with bounded memory when the additions grow with the megabytes and no faster.
enum ArticleBenchmark {
    /// `--rmwiki PATH` measures another build of rmwiki (an older one, for a before and after).
    static let usage = "rmwiki-bench article [--runs N] [--megabytes N,N…] [--rmwiki PATH] [--work DIR]"

    static func run(arguments: [String]) async {
        await OfflineBuilds.run("article") {
            var megabytes = [10, 50]
            var binary: String?
            var rest: [String] = []
            var remaining = arguments[...]
            while let argument = remaining.popFirst() {
                if argument == "--megabytes", let value = remaining.popFirst() {
                    megabytes = value.split(separator: ",").compactMap { Int($0) }
                } else if argument == "--rmwiki", let value = remaining.popFirst() {
                    binary = value
                } else {
                    rest.append(argument)
                }
            }
            let options = try OfflineBuilds.Options(
                rest, runs: 3, work: FileManager.default.temporaryDirectory, taking: ["--runs", "--work"], usage: usage)
            try measure(binary: try binary ?? OfflineBuilds.releaseBinary(), megabytes: megabytes, runs: options.runs, work: options.work)
        }
    }

    static func measure(binary: String, megabytes: [Int], runs: Int, work folder: URL) throws {
        let work = folder.appendingPathComponent("rmwiki-bench-article-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        print("article: rmwiki build --demo with one generated article, median of \(runs) runs (CPU time, peak memory)")
        var baseline: (cpu: Duration, memory: Int)?
        for size in [0] + megabytes {
            let content = work.appendingPathComponent("content-\(size)")
            let articles = content.appendingPathComponent("articles")
            try FileManager.default.createDirectory(at: articles, withIntermediateDirectories: true)
            try Data("---\ntitle: Small\n---\nA small article about [[character:1]].\n".utf8)
                .write(to: articles.appendingPathComponent("small.md"))
            if size > 0 { try Data(article(bytes: size * 1_000_000)).write(to: articles.appendingPathComponent("big.md")) }
            var outcomes: [ChildProcess.Outcome] = []
            for run in 0..<runs {
                let output = work.appendingPathComponent("site-\(size)-\(run)")
                let outcome = try ChildProcess.run(binary, [
                    "build", "--demo", "--content", content.path, "--output", output.path, "--templates", "Templates",
                    "--public", "Public", "--quiet",
                ])
                guard outcome.status == 0 else { throw BenchmarkError("rmwiki build exited \(outcome.status): \(outcome.output)") }
                outcomes.append(outcome)
                try? FileManager.default.removeItem(at: output)
            }
            let cpu = outcomes.map(\.cpuTime).median
            let memory = outcomes.map(\.peakMemoryKiB).median
            var line = "  " + (size == 0 ? "no article" : "\(size) MB article") + ": CPU \(cpu.milliseconds) ms, peak \(memory / 1024) MiB"
            if let baseline {
                line += " (the article: +\((cpu - baseline.cpu).milliseconds) ms CPU, +\((memory - baseline.memory) / 1024) MiB)"
            } else {
                baseline = (cpu, memory)
            }
            print(line)
        }
    }

    /// The Markdown benchmark's articles, each section linking records of the demo by name, id and code.
    static func article(bytes size: Int) -> [UInt8] {
        let sections = String(decoding: MarkdownBenchmark.wikiArticles(bytes: size), as: UTF8.self)
        let linked = sections.replacingOccurrences(
            of: "They travel with ", with: "They meet [[character:1]], [[character:2|Morty]] and [[Rick Sanchez]], and travel with ")
        return Array(("---\ntitle: Big\n---\n" + linked).utf8)
    }
}
