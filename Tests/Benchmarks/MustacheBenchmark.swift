import Foundation
import Primitives
import Mustache
import RickAndMortyAPI

/// `rmwiki-bench mustache [--runs N] [--data PATH] [--output PAGE.html]`: renders a page of every character card from
/// characters.json and prints the median throughput (MB/s) and pages/s (only rendering is timed),
/// then how fast `MustacheValue(encoding:)` turns the same characters, as Codable records, into values.
enum MustacheBenchmark {
    static let pageTemplate = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <title>{{title}} · Rick and Morty Wiki</title>
        </head>
        <body>
          <h1>{{title}}</h1>
          <p class="summary">{{count}} characters, from the first to the last episode.</p>
          <ul class="cards">
            {{#characters}}
            {{>card}}
            {{/characters}}
          </ul>
        </body>
        </html>

        """

    static let cardTemplate = """
        <li class="card status-{{status}}" id="character-{{id}}">
          <a href="/characters/{{id}}.html" title="{{name}} &mdash; {{species}}">
            <img src="{{image}}" alt="Portrait of {{name}}" width="300" height="300" loading="lazy">
            <h2>{{name}}</h2>
          </a>
          <dl class="facts">
            <dt>Status</dt><dd class="status">{{status}}</dd>
            <dt>Species</dt><dd>{{species}}{{#type}} <small>({{type}})</small>{{/type}}</dd>
            <dt>Gender</dt><dd>{{gender}}</dd>
            {{#origin}}
            <dt>Origin</dt><dd><a href="{{url}}">{{name}}</a></dd>
            {{/origin}}
            {{#location}}
            <dt>Last seen</dt><dd><a href="{{url}}">{{name}}</a></dd>
            {{/location}}
          </dl>
          {{^episode}}
          <p class="empty">Never seen in an episode.</p>
          {{/episode}}
          <p class="links">
            <a href="{{url}}" rel="alternate">API record</a> ·
            <a href="/characters/{{id}}.html#episodes">Every episode with {{name}}</a>
          </p>
          <p class="created">Added {{created}}</p>
        </li>

        """

    static func run(arguments: [String]) {
        var runs = 15
        var dataPath: String?
        var outputPath: String?
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--runs" where index + 1 < arguments.count:
                runs = max(1, Int(arguments[index + 1]) ?? runs)
                index += 2
            case "--data" where index + 1 < arguments.count:
                dataPath = arguments[index + 1]
                index += 2
            case "--output" where index + 1 < arguments.count:
                outputPath = arguments[index + 1]
                index += 2
            default:
                fail("unknown argument '\(arguments[index])'; usage: rmwiki-bench mustache [--runs N] [--data PATH] [--output PAGE.html]")
            }
        }
        let path = dataPath ?? defaultDataPath()
        do {
            let characters = try MustacheValue(json: Data(contentsOf: URL(fileURLWithPath: path)), sourceName: path)
            guard case .array(let list) = characters else { fail("\(path) does not hold a JSON array") }
            let context: MustacheValue = ["title": "Characters", "count": .int(list.count), "characters": characters]
            let library = try TemplateLibrary(templates: ["page": pageTemplate, "card": cardTemplate], strict: true)
            if let outputPath {
                // The page itself, to look at what is being measured.
                try Data(library.render("page", context).utf8).write(to: URL(fileURLWithPath: outputPath))
            }
            measure(library: library, context: context, cards: list.count, runs: runs)
            let records = try JSONDecoder().decode([CharacterRecord].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            try measureEncoding(records, runs: runs)
        } catch {
            fail("\(error)")
        }
    }

    private static func measure(library: TemplateLibrary, context: MustacheValue, cards: Int, runs: Int) {
        var buffer: [UInt8] = []
        let pagesPerRun = 20
        var secondsPerRun: [Double] = []
        do {
            try library.render("page", context, into: &buffer)  // warm-up, and sizes the buffer
            let pageBytes = buffer.count
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<pagesPerRun {
                    buffer.removeAll(keepingCapacity: true)
                    try library.render("page", context, into: &buffer)
                }
                secondsPerRun.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            secondsPerRun.sort()
            let median = secondsPerRun[secondsPerRun.count / 2]
            let megabytes = Double(pageBytes * pagesPerRun) / 1_000_000
            print("mustache: page of \(cards) character cards, \(String(format: "%.1f", Double(pageBytes) / 1000)) KB;"
                  + " \(CountText.of(runs, "run")) × \(CountText.of(pagesPerRun, "page"))")
            print(String(format: "median %.1f MB/s, %.0f pages/s (fastest run %.1f MB/s, slowest %.1f MB/s)",
                         megabytes / median, Double(pagesPerRun) / median,
                         megabytes / secondsPerRun[0], megabytes / secondsPerRun[secondsPerRun.count - 1]))
        } catch {
            fail("\(error)")
        }
    }

    private static func measureEncoding(_ records: [CharacterRecord], runs: Int) throws {
        var secondsPerRun: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try MustacheValue(encoding: records)
            secondsPerRun.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        secondsPerRun.sort()
        let median = secondsPerRun[secondsPerRun.count / 2]
        print(String(format: "encoder: %d CharacterRecord structs in %.2f ms (median), %.0f structs/s",
                     records.count, median * 1000, Double(records.count) / median))
    }

    /// ../shared/rickandmorty-api/characters.json beside the package root.
    private static func defaultDataPath() -> String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("shared/rickandmorty-api/characters.json").path
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("rmwiki-bench mustache: \(message)\n".utf8))
        exit(1)
    }
}
