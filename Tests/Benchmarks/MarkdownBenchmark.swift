import Foundation
import Markdown

/// `rmwiki-bench markdown [--runs N] [--megabytes N]`: our Markdown renderer against the C reference
/// (`cmark`, and `cmark-gfm` with the GitHub extensions) on the same inputs, side by side: the spec's
/// examples repeated to ~10 MB, as much of wiki-article-like documents, and as much of documents generated to read
/// like real ones (a book's chapters, a project's guides). Each figure is the median CPU time of the runs (parse and
/// render; cmark's is its process's, reading the file and writing the HTML included, a few milliseconds in seconds).
enum MarkdownBenchmark {
    /// `--save DIR` also writes each input to DIR, to render it with other tools.
    static let usage = "rmwiki-bench markdown [--runs N] [--megabytes N] [--spec SPEC.json] [--save DIR]"

    static func run(arguments: [String]) {
        var runs = 5
        var megabytes = 10
        var specPath = "../shared/commonmark-spec/spec.json"
        var saveFolder: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--runs": runs = remaining.popFirst().flatMap(Int.init) ?? runs
            case "--megabytes": megabytes = remaining.popFirst().flatMap(Int.init) ?? megabytes
            case "--spec": specPath = remaining.popFirst() ?? specPath
            case "--save": saveFolder = remaining.popFirst()
            default:
                FileHandle.standardError.write(Data("usage: \(usage)\n".utf8))
                exit(2)
            }
        }
        guard let specData = FileManager.default.contents(atPath: specPath),
            let examples = try? JSONSerialization.jsonObject(with: specData) as? [[String: Any]]
        else {
            FileHandle.standardError.write(Data("rmwiki-bench markdown: cannot read \(specPath)\n".utf8))
            exit(1)
        }
        let target = megabytes * 1_000_000
        let specText = examples.compactMap { $0["markdown"] as? String }.joined(separator: "\n\n") + "\n\n"
        let inputs = [
            ("spec examples", repeatedTo(target, Array(specText.utf8))),
            ("wiki articles", wikiArticles(bytes: target)),
            ("real-like documents", RealLikeDocuments.generate(bytes: target)),
        ]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rmwiki-bench-markdown-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        print("markdown: median CPU time of \(runs) runs, parse + render to HTML (unsafe, as `cmark --unsafe`)")
        for (name, input) in inputs {
            let file = folder.appendingPathComponent("input.md")
            _ = FileManager.default.createFile(atPath: file.path, contents: Data(input))
            if let saveFolder {
                let name = name.replacingOccurrences(of: " ", with: "-") + ".md"
                _ = FileManager.default.createFile(atPath: saveFolder + "/" + name, contents: Data(input))
            }
            for extensions in [false, true] {
                let ours = measure(runs) {
                    _ = MarkdownDocument(parsing: input, options: MarkdownOptions(unsafe: true, extensions: extensions))
                        .renderHTMLBytes()
                }
                let tool = extensions ? "cmark-gfm" : "cmark"
                let toolArguments = extensions
                    ? ["--unsafe", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter", file.path]
                    : ["--unsafe", file.path]
                let reference = findTool(tool).flatMap { path in toolCPU(runs, path, toolArguments) }
                let megabytesIn = Double(input.count) / 1_000_000
                var line = "  \(name) \(extensions ? "+ extensions" : "(CommonMark)"), \(String(format: "%.1f", megabytesIn)) MB:"
                line += " ours \(rate(megabytesIn, ours))"
                if let reference {
                    line += ", \(tool) \(rate(megabytesIn, reference)), ratio \(String(format: "%.2f", reference / ours))"
                    line += " (ours / \(tool) throughput)"
                } else {
                    line += ", \(tool) not installed (apt-get install \(tool))"
                }
                print(line)
            }
        }
    }

    static func rate(_ megabytes: Double, _ seconds: Double) -> String {
        String(format: "%.1f MB/s (%.0f ms)", megabytes / seconds, seconds * 1000)
    }

    /// The median CPU time (user and system) of this process in seconds: the body runs on this thread alone.
    static func measure(_ runs: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<max(runs, 1) {
            let start = cpuSeconds()
            body()
            times.append(cpuSeconds() - start)
        }
        return times.median
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The median CPU time of the tool's process in seconds; nil when it fails.
    static func toolCPU(_ runs: Int, _ path: String, _ arguments: [String]) -> Double? {
        var times: [Double] = []
        for _ in 0..<max(runs, 1) {
            guard let outcome = try? ChildProcess.run(path, arguments), outcome.status == 0 else {
                FileHandle.standardError.write(Data("rmwiki-bench markdown: \(path) failed\n".utf8))
                return nil
            }
            times.append(outcome.cpuTime.seconds)
        }
        return times.median
    }

    static func findTool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func repeatedTo(_ size: Int, _ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(size + text.count)
        while out.count < size { out += text }
        return out
    }

    /// Articles as fans write them: headings, paragraphs with emphasis, links and code, lists, a quote,
    /// an infobox table, a code block; varied by a fixed sequence so every run reads the same text.
    static func wikiArticles(bytes size: Int) -> [UInt8] {
        let names = ["Rick Sanchez", "Morty Smith", "Summer Smith", "Beth Smith", "Jerry Smith", "Birdperson", "Squanchy",
                     "Mr. Poopybutthole", "Evil Morty", "Unity", "Tammy Guetermann", "Krombopulos Michael"]
        let places = ["Earth (C-137)", "the Citadel of Ricks", "Bird World", "Gazorpazorp", "Blips and Chitz", "Anatomy Park"]
        var out = ""
        var index = 0
        while out.utf8.count < size {
            let name = names[index % names.count]
            let other = names[(index * 7 + 3) % names.count]
            let place = places[(index * 5 + 1) % places.count]
            out += """
                # \(name) (\(index))

                **\(name)** is a character from *Rick and Morty*, first seen in [\(place)](/locations/\(index % 120).html "\(place)").
                They travel with [\(other)][\(other.lowercased())] and are known for `portal-gun` mishaps, \
                _questionable_ decisions and ~~a quiet life~~ an interdimensional one. See www.example.org/wiki/\(index) \
                or write to fans@example.org.

                | Fact | Value |
                | :--- | ----: |
                | Status | \(index % 3 == 0 ? "Alive" : "Dead") |
                | Episodes | \(index % 51) |
                | Origin | \(place) |

                ## Appearances

                1. Pilot — meets *\(other)* at \(place).
                2. The return, with **many** \\*escaped\\* stars & ampersands.
                   - a nested note
                   - another, with a [link](https://rickandmortyapi.com/api/character/\(index % 826 + 1))
                3. Finale.

                > "Wubba lubba dub dub!" — \(name)
                > said on [episode \(index % 51 + 1)](/episodes/\(index % 51 + 1).html).

                ```swift
                let portal = Portal(to: "\(place)")
                portal.open()
                ```

                [\(other.lowercased())]: /characters/\((index * 7 + 3) % 826 + 1).html


                """
            index += 1
        }
        return Array(out.utf8)
    }
}
