import Foundation
import Primitives
import LoopbackAPI
import RickAndMortyAPI

/// `rmwiki-bench hugo`: rmwiki against Hugo on the same site. Warms an rmwiki cache from the data over
/// loopback, writes the pages rmwiki's English build makes from that cache as a Hugo project (`HugoSite`, whose
/// character pages make the avatars' copies through Hugo's image processing), builds each once untimed (both picture
/// caches warm), then runs, in turn and each as its own process into an empty output, `hugo`, the release `rmwiki build --offline`
/// with English only and the full two-language build, `--runs` rounds, each round starting with the next one. Outputs go to the system's
/// temporary folder (`--work DIR` for another; rmwiki refuses any under `/dev`). Prints the medians of wall and CPU (user + system) time, each round's
/// ratios, and the pages each wrote. Hugo comes from Debian (`apt-get install -y hugo`) when it is not
/// installed: the benchmark's need, never the product's.
enum HugoBenchmark {
    static let usage = "rmwiki-bench hugo [--runs N] [--data PATH] [--work DIR]"

    static func run(arguments: [String]) async {
        await OfflineBuilds.run("hugo") { try await measure(arguments: arguments) }
    }

    static func measure(arguments: [String]) async throws {
        let options = try OfflineBuilds.Options(
            arguments, runs: 7, work: OfflineBuilds.Options.scratchFolder, taking: ["--runs", "--data", "--work"], usage: usage)
        let runs = options.runs
        let binary = try OfflineBuilds.releaseBinary()
        let hugo = try installedHugo()
        let work = options.work.appendingPathComponent("rmwiki-bench-hugo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }

        let dataset = try ScaledDataset(dataFolder: options.data, factor: 1)
        let cache = work.appendingPathComponent("cache")
        _ = try await OfflineBuilds.warm(cache, from: LoopbackAPIServer(snapshot: dataset.snapshot, avatars: dataset.avatars))
        let english = try englishOnlyTemplates(in: work)
        let hugoSite = work.appendingPathComponent("hugo-site")
        try HugoSite.write(cache: cache, templates: english, publicFolder: URL(fileURLWithPath: "Public"), to: hugoSite)
        let version = (try? ChildProcess.run(hugo, ["version"]).output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? "hugo"

        struct Contender {
            let name: String
            let arguments: (URL) -> (String, [String])
        }
        let contenders = [
            Contender(name: "hugo") { (hugo, ["--source", hugoSite.path, "--destination", $0.path, "--quiet"]) },
            Contender(name: "rmwiki en") {
                (binary, OfflineBuilds.buildArguments(cache: cache, output: $0, templates: english.path))
            },
            Contender(name: "rmwiki en+fr") { (binary, OfflineBuilds.buildArguments(cache: cache, output: $0)) },
        ]
        func build(_ contender: Contender, into output: URL) throws -> ChildProcess.Outcome {
            let (program, arguments) = contender.arguments(output)
            let outcome = try ChildProcess.run(program, arguments)
            guard outcome.status == 0 else { throw BenchmarkError("\(contender.name) exited \(outcome.status): \(outcome.output)") }
            return outcome
        }
        // One untimed build each first: every round then finds the picture copies made, in Hugo's resource cache
        // (`resources/_gen` in its project) as in rmwiki's.
        for (index, contender) in contenders.enumerated() {
            let output = work.appendingPathComponent("warm-\(index)")
            _ = try build(contender, into: output)
        }
        var outcomes = Array(repeating: [ChildProcess.Outcome](), count: contenders.count)
        var trees = Array(repeating: OutputTree(URL(fileURLWithPath: "/nonexistent")), count: contenders.count)
        for round in 0..<runs {
            // Each round starts with the next contender, so none always runs first (or right after Hugo). Outputs stay
            // until the end (see `IOFloor.write`): a tree removed just before slows the next build's file creation.
            for step in contenders.indices {
                let index = (step + round) % contenders.count
                let contender = contenders[index]
                let output = work.appendingPathComponent("out-\(index)-\(round)")
                outcomes[index].append(try build(contender, into: output))
                if round == 0 { trees[index] = OutputTree(output) }
            }
        }

        print("\(version); outputs in \(options.work.path); \(CountText.of(runs, "round")) of hugo, rmwiki en, rmwiki en+fr, each starting with the next")
        for (index, contender) in contenders.enumerated() {
            let times = outcomes[index].map { $0.wallTime.milliseconds }.sorted()
            let cpu = outcomes[index].map { $0.cpuTime.milliseconds }.median
            let memory = outcomes[index].map(\.peakMemoryKiB).median / 1024
            print(OfflineBuilds.pad(contender.name, 14) + "median \(times[times.count / 2]) ms (min \(times[0]), max \(times[times.count - 1])), "
                + "CPU \(cpu) ms, peak memory \(memory) MiB, \(trees[index].htmlFiles) HTML pages, \(trees[index].files) files")
        }
        for (index, name) in [(1, "rmwiki en / hugo"), (2, "rmwiki en+fr / hugo")] {
            let ratios = zip(outcomes[index], outcomes[0]).map { ours, theirs in
                Double(ours.wallTime.milliseconds) / Double(max(1, theirs.wallTime.milliseconds))
            }
            print(OfflineBuilds.pad(name, 22) + "median ratio " + String(format: "%.2f", ratios.median)
                + "; by round: " + ratios.map { String(format: "%.2f", $0) }.joined(separator: " "))
        }
        if let median = outcomes[1].sorted(by: { $0.wallTime < $1.wallTime }).dropFirst(runs / 2).first {
            print("rmwiki en median build:")
            for line in median.output.split(separator: "\n") { print("  " + line) }
        }
    }

    /// Hugo's path, installing Debian's package first when there is none.
    static func installedHugo() throws -> String {
        let candidates = ["/usr/bin/hugo", "/usr/local/bin/hugo"]
        if let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) { return found }
        print("hugo is not installed: apt-get install -y hugo")
        let install = try ChildProcess.run("/usr/bin/apt-get", ["install", "-y", "hugo"])
        guard install.status == 0, let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw BenchmarkError("could not install hugo (apt-get exited \(install.status)): \(install.output.suffix(500))")
        }
        return found
    }

    /// The project's templates with only the English locale configured (see "Languages" in the README).
    static func englishOnlyTemplates(in work: URL) throws -> URL {
        let templates = work.appendingPathComponent("templates-en")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "Templates"), to: templates)
        try Data(#"{"locales": [{"code": "en", "folder": ""}]}"#.utf8)
            .write(to: templates.appendingPathComponent("locales/locales.json"))
        return templates
    }
}
