import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HTTPServer
import LoopbackAPI
import Primitives
import RickAndMortyAPI

/// `rmwiki-bench search`: what a keystroke costs on a phone. Builds the real site and the K-times one
/// (`ScaledDataset`) with the release rmwiki, serves each on loopback, and in headless Chromium with its CPU
/// slowed 4× (`Emulation.setCPUThrottlingRate`, DevTools' "mid-tier mobile") and a 390 × 844 screen, types
/// fan queries letter by letter into the search page. A keystroke is timed in the page from setting the field
/// and firing `input` (the page's script ranks and draws the results) to the forced layout after it, so it
/// counts the search, the DOM work and style and layout; painting is left out. Prints the median, 90th
/// percentile and worst keystroke of each site over `--runs`, and the index's size raw and gzipped.
enum SearchBenchmark {
    static let usage = "rmwiki-bench search [--factor K] [--runs N] [--data PATH] [--cache DIR] [--work DIR]"

    /// Typed a letter at a time: names, a misspelling, an episode code, a place, a query nothing matches.
    static let queries = ["rick sanchez", "birdprson", "s3e3", "citadel of ricks", "mr poopybutthole", "jery smith", "qqxzv"]

    static func run(arguments: [String]) async {
        await OfflineBuilds.run("search") { try await measure(arguments: arguments) }
    }

    static func measure(arguments: [String]) async throws {
        let options = try OfflineBuilds.Options(
            arguments, runs: 5, work: OfflineBuilds.Options.scratchFolder,
            taking: ["--factor", "--runs", "--data", "--cache", "--work"], usage: usage)
        let binary = try OfflineBuilds.releaseBinary()
        let work = options.work.appendingPathComponent("rmwiki-bench-search-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        var lines: [String] = []
        for scale in [1, options.factor] {
            let cache = (options.cache ?? work).appendingPathComponent("cache-\(scale)x")
            if !DataCache(directory: cache).hasSnapshot {
                let dataset = try ScaledDataset(dataFolder: options.data, factor: scale)
                _ = try await OfflineBuilds.warm(cache, from: LoopbackAPIServer(snapshot: dataset.snapshot, avatars: dataset.avatars))
            }
            let output = work.appendingPathComponent("site-\(scale)x")
            let built = try OfflineBuilds.build(binary, cache: cache, output: output)
            guard built.status == 0 else { throw BenchmarkError("the \(scale)× build failed: \(built.output)") }
            let index = try Data(contentsOf: output.appendingPathComponent("search/index.json"))
            let times = try await keystrokes(serving: output, runs: options.runs)
            let sorted = times.sorted()
            func at(_ share: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * share))] }
            let gzipped = try gzipSize(index).map(String.init) ?? "?"
            lines.append(String(
                format: "%d×: %d keystrokes, median %.1f ms, 90th percentile %.1f ms, worst %.1f ms; ",
                scale, times.count, at(0.5), at(0.9), sorted.last ?? 0)
                + "index \(index.count) bytes raw, \(gzipped) gzipped")
        }
        print("\nsearch keystrokes in Chromium, CPU throttled 4×, 390 × 844, \(CountText.of(options.runs, "run")) of \(queries.count) queries:")
        for line in lines { print("  " + line) }
    }

    /// Every keystroke's time, in milliseconds, over `runs` runs of every query.
    static func keystrokes(serving site: URL, runs: Int) async throws -> [Double] {
        let server = HTTPServer(handler: StaticFileHandler(root: site))
        let port = try await server.start()
        do {
            let times = try measure(port: port, runs: runs)
            await server.stop()
            return times
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Chromium's blocking pipe is read on a thread of its own, so the server's tasks keep answering.
    private static func measure(port: Int, runs: Int) throws -> [Double] {
        let browser = try DevToolsPipe()
        defer { browser.stop() }
        try browser.call("Emulation.setCPUThrottlingRate", ["rate": 4])
        try browser.call("Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": true])
        try browser.call("Page.enable")
        try browser.call("Page.navigate", ["url": "http://127.0.0.1:\(port)/search/"])
        // Waits, in the page, for the load event and for the summary to give a count (the index is in). An
        // evaluation begun in the page being left ends with its document; it is then asked again of the new one.
        let ready = """
            new Promise(resolve => {
              const check = () => { if (location.pathname === '/search/' && document.readyState === 'complete'
                && /\\d/.test((document.getElementById('search-summary') || {}).textContent || '')) resolve(true); };
              window.addEventListener('load', check);
              new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
              check();
            })
            """
        var loaded = false
        for _ in 0..<3 where !loaded {
            loaded = (try? browser.evaluate(ready)) as? Bool == true
        }
        guard loaded else { throw BenchmarkError("the search page never loaded its index") }
        let literal = String(decoding: try JSONSerialization.data(withJSONObject: queries), as: UTF8.self)
        var times: [Double] = []
        for _ in 0..<runs {
            let measured = try browser.evaluate("""
                (queries => {
                  const field = document.getElementById('search-query');
                  const times = [];
                  for (const query of queries) {
                    for (let length = 1; length <= query.length; length++) {
                      const start = performance.now();
                      field.value = query.slice(0, length);
                      field.dispatchEvent(new Event('input', { bubbles: true }));
                      void document.documentElement.offsetHeight;
                      times.push(performance.now() - start);
                    }
                    field.value = '';
                    field.dispatchEvent(new Event('input', { bubbles: true }));
                  }
                  return times;
                })(\(literal))
                """)
            times += (measured as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
        }
        return times
    }

    /// The size of `data` at `gzip -6`, as static hosts send it; nil without gzip.
    static func gzipSize(_ data: Data) throws -> Int? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rmwiki-bench-index-\(UUID().uuidString).json")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return gzipSize(ofFile: file.path)
    }

    /// The size of the file at `path` at `gzip -6`; nil without gzip.
    /// Through `posix_spawn` (`ChildProcess`), not Foundation's `Process`, whose `run()` crashes now and then on Linux
    /// (see the tests' `SpawnedProcess`).
    static func gzipSize(ofFile path: String) -> Int? {
        let compressed = FileManager.default.temporaryDirectory.appendingPathComponent("rmwiki-bench-\(UUID().uuidString).gz")
        defer { try? FileManager.default.removeItem(at: compressed) }
        guard let gzip = try? ChildProcess.spawn("/usr/bin/env", ["gzip", "-6", "-c", path], output: compressed.path),
              gzip.status == 0 else { return nil }
        return (try? FileManager.default.attributesOfItem(atPath: compressed.path)[.size] as? Int) ?? nil
    }
}

/// Headless Chromium driven over `--remote-debugging-pipe` (requests on its descriptor 3, answers on 4, each
/// message ending in a NUL byte), so the benchmark needs no WebSocket; one page, attached as a flat session.
final class DevToolsPipe {
    private let pid: pid_t
    private let requests: Int32
    private let answers: Int32
    private let profile: URL
    private var buffer: [UInt8] = []
    private var nextID = 0
    private var session: String?

    init() throws {
        let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let chromium = names.lazy.flatMap({ name in folders.map { "\($0)/\(name)" } })
            .first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw BenchmarkError("no chromium on the PATH")
        }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("rmwiki-bench-chromium-\(UUID().uuidString)")
        var toChromium: [Int32] = [0, 0], fromChromium: [Int32] = [0, 0]
        guard pipe(&toChromium) == 0, pipe(&fromChromium) == 0 else { throw BenchmarkError("pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChromium[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromChromium[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [
            chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
            "--user-data-dir=\(profile.path)", "--no-first-run", "--disable-extensions", "--disable-sync",
            "--disable-background-networking", "--disable-component-update", "--no-pings", "about:blank",
        ]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, chromium, &actions, nil, argv, environ)
        close(toChromium[0])
        close(fromChromium[1])
        guard spawned == 0 else {
            close(toChromium[1])
            close(fromChromium[0])
            throw BenchmarkError("cannot start \(chromium): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        requests = toChromium[1]
        answers = fromChromium[0]
        let target = try call("Target.createTarget", ["url": "about:blank"])["targetId"] as? String ?? ""
        session = try call("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"] as? String
        try call("Runtime.enable")
    }

    /// Sends a command to the page (the browser before it is attached) and waits for its answer; events between
    /// are skipped.
    @discardableResult
    func call(_ method: String, _ parameters: [String: Any] = [:]) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
        if method != "Target.createTarget", method != "Target.attachToTarget", let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { write(requests, $0.baseAddress, $0.count) }
            guard written > 0 else { throw BenchmarkError("Chromium stopped reading") }
            sent += written
        }
        while true {
            let reply = try readMessage()
            guard reply["id"] as? Int == nextID else { continue }
            if let error = reply["error"] { throw BenchmarkError("\(method): \(error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    /// A JavaScript expression's value.
    func evaluate(_ expression: String) throws -> Any? {
        let result = try call("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let exception = result["exceptionDetails"] { throw BenchmarkError("\(expression.prefix(80)) threw \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    private func readMessage() throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                return try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any] ?? [:]
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
            guard count > 0 else { throw BenchmarkError("Chromium closed its pipe") }
            buffer += chunk[..<count]
        }
    }

    func stop() {
        close(requests)
        close(answers)
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: profile)
    }
}
