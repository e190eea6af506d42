import Foundation
import Primitives
#if canImport(Glibc)
import Glibc
#endif

/// `rmwiki-bench preview`: the loop a fan who writes lives in. The release `rmwiki serve --watch --offline` over the
/// full dataset from a warm cache, a content folder of 100 articles and a copy of the project's templates; one article
/// edited (a line appended), timed from the write to the reload event on the preview's event stream, as an open page
/// receives it. With `--against PATH`, another rmwiki serves a content folder and output of its own, and the edits
/// alternate between the two (each server is idle while the other rebuilds). Prints each one's median, min and max,
/// and the "rendered" and phases lines of its median rebuild. `--factor K` serves K times the data (`ScaledDataset`).
enum PreviewBenchmark {
    static let usage = "rmwiki-bench preview [--runs N] [--factor K] [--data PATH] [--cache DIR] [--work DIR] [--against RMWIKI]"

    static func run(arguments: [String]) async {
        await OfflineBuilds.run("preview") { try await measure(arguments: arguments) }
    }

    static func measure(arguments: [String]) async throws {
        let options = try OfflineBuilds.Options(
            arguments, runs: 9, factor: 1, work: FileManager.default.temporaryDirectory,
            taking: ["--runs", "--factor", "--data", "--cache", "--work", "--against"], usage: usage)
        let work = options.work.appendingPathComponent("rmwiki-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let cache = try await OfflineBuilds.warmCache(options, work: work, scaled: true)
        let templates = work.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "Templates"), to: templates)
        let binaries = [(try OfflineBuilds.releaseBinary(), "this rmwiki")] + (options.against.map { [($0, $0)] } ?? [])
        // Not beside the content folders: `serve` watches their parent for their own names, and a log written there
        // would be one more event to look past.
        let logs = work.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        var servers: [Server] = []
        defer { servers.forEach { $0.stop() } }
        for (index, binary) in binaries.enumerated() {
            let content = try BuildBenchmark.writeArticles(in: work.appendingPathComponent("content-\(index)"))
            // A cache each: two rmwikis would each rewrite the other's picture stamps.
            let ownCache = index == 0 ? cache : work.appendingPathComponent("cache-\(index)")
            if index > 0 { try FileManager.default.copyItem(at: cache, to: ownCache) }
            servers.append(try Server(binary: binary.0, arguments: [
                "serve", "--watch", "--offline", "--port", "0", "--cache", ownCache.path, "--output",
                work.appendingPathComponent("site-\(index)").path, "--templates", templates.path, "--public", "Public",
                "--content", content.path,
            ], log: logs.appendingPathComponent("serve-\(index).log"), article: content.appendingPathComponent("articles/a1.md")))
        }
        var times = Array(repeating: [(wall: Duration, lines: [String])](), count: servers.count)
        for run in 0..<options.runs {
            for (index, server) in servers.enumerated() { times[index].append(try server.edit(run)) }
        }
        for (index, binary) in binaries.enumerated() {
            let sorted = times[index].sorted { $0.wall < $1.wall }
            let median = sorted[sorted.count / 2]
            print("one article edited, from the write to the reload event, \(binary.1): median \(median.wall.milliseconds) ms "
                + "of \(CountText.of(sorted.count, "edit")) (min \(sorted[0].wall.milliseconds), max \(sorted[sorted.count - 1].wall.milliseconds))")
            for line in median.lines where line.hasPrefix("rendered") || line.hasPrefix("phases") { print("  " + line) }
        }
    }

    /// One `rmwiki serve --watch`, its output read through a pipe (and copied to a log file), its event stream open.
    final class Server {
        let pid: pid_t
        let log: FileHandle
        let article: URL
        private(set) var events: Int32 = -1
        /// The read end of the pipe the child writes its standard output and error into.
        private let output: Int32
        private var outputBuffer: [UInt8] = []

        init(binary: String, arguments: [String], log: URL, article: URL) throws {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            self.log = try FileHandle(forWritingTo: log)
            self.article = article
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw BenchmarkError("cannot make a pipe: \(String(cString: strerror(errno)))") }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addclose(&actions, ends[0])
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
            posix_spawn_file_actions_addclose(&actions, ends[1])
            let argv = ([binary] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, binary, &actions, nil, argv, environ)
            close(ends[1])
            output = ends[0]
            guard spawned == 0 else {
                close(ends[0])
                throw BenchmarkError("cannot start \(binary): \(String(cString: strerror(spawned)))")
            }
            self.pid = pid
            // The URL is announced once the first build is published.
            let deadline = ContinuousClock.now + .seconds(120)
            var port: Int?
            var seen: [String] = []
            while port == nil {
                guard let line = try nextLine(by: deadline) else {
                    throw BenchmarkError("rmwiki serve did not start: " + seen.joined(separator: "\n"))
                }
                seen.append(line)
                if line.hasPrefix("Serving "), let url = line.split(separator: " ").first(where: { $0.hasPrefix("http://") }) {
                    port = URL(string: String(url))?.port
                }
            }
            events = try Self.connect(port: port ?? 0)
            let request = "GET /__rmwiki/events HTTP/1.1\r\nHost: localhost\r\n\r\n"
            _ = request.withCString { send(events, $0, strlen($0), 0) }
            _ = try read(until: "event: hello")
            _ = try read(until: "\n\n")
        }

        /// Appends a line to the article and waits for the reload; the time between, and the log lines of the rebuild.
        func edit(_ run: Int) throws -> (wall: Duration, lines: [String]) {
            let clock = ContinuousClock()
            let start = clock.now
            let handle = try FileHandle(forWritingTo: article)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("\nEdit \(run).\n".utf8))
            try handle.close()
            var event = ""
            while !event.contains("event: ") { event = try read(until: "\n\n") }
            let wall = clock.now - start
            guard event.contains("event: reload") else { throw BenchmarkError("expected a reload, got: \(event)") }
            // The rebuild's log ends with its "published" line, printed after the event (once the state is saved).
            let deadline = ContinuousClock.now + .seconds(30)
            var lines: [String] = []
            while let line = try nextLine(by: deadline) {
                lines.append(line)
                if line.hasPrefix("published ") { return (wall, lines) }
            }
            throw BenchmarkError("the rebuild logged no \"published\" line: " + lines.joined(separator: "\n"))
        }

        /// The child's next line of output, waiting for it (`poll`) until `deadline`; nil when none came by then.
        private func nextLine(by deadline: ContinuousClock.Instant) throws -> String? {
            while true {
                if let end = outputBuffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: outputBuffer[..<end], as: UTF8.self)
                    outputBuffer.removeSubrange(...end)
                    return line
                }
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return nil }
                var watched = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
                let milliseconds = Int32(min(120_000, max(1, (left / .milliseconds(1)).rounded(.up))))
                guard poll(&watched, 1, milliseconds) > 0 else { continue }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = Glibc.read(output, &chunk, chunk.count)
                guard count > 0 else { throw BenchmarkError("rmwiki serve ended: " + String(decoding: outputBuffer, as: UTF8.self)) }
                outputBuffer += chunk[..<count]
                log.write(Data(chunk[..<count]))
            }
        }

        private var pending = ""

        /// Reads the event stream until `marker`; returns what came before and with it.
        private func read(until marker: String) throws -> String {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !pending.contains(marker) {
                let count = recv(events, &buffer, buffer.count, 0)
                guard count > 0 else { throw BenchmarkError("the event stream closed: \(pending)") }
                pending += String(decoding: buffer[0..<count], as: UTF8.self)
            }
            let range = pending.range(of: marker)!
            let found = String(pending[..<range.upperBound])
            pending = String(pending[range.upperBound...])
            return found
        }

        func stop() {
            close(events)
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            close(output)
            try? log.close()
        }

        private static func connect(port: Int) throws -> Int32 {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard socket >= 0, connected == 0 else { throw BenchmarkError("cannot connect to the preview on port \(port)") }
            return socket
        }
    }
}
