import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion and reports its wall time, CPU time and peak memory (from `wait4`, which
/// `Foundation.Process` does not expose), with its standard output captured.
///
/// The program is started by a small launcher (this benchmark binary, `rmwiki-bench child`), not by the
/// benchmark itself: `posix_spawn` shares the spawning process's memory until `exec`, and Linux carries that
/// memory's high-water mark into the child's `ru_maxrss`. Spawned straight from a benchmark that holds a
/// 10× dataset, every child would report at least the benchmark's own peak.
struct ChildProcess {
    struct Outcome {
        let status: Int32
        let wallTime: Duration
        /// User and system time of the program (and of the children it waited for).
        let cpuTime: Duration
        /// The system's part of `cpuTime`: the kernel's work for the program, such as creating its files.
        let systemTime: Duration
        let peakMemoryKiB: Int
        let output: String
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> Outcome {
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("rmwiki-bench-\(UUID().uuidString).out")
        let measures = capture.appendingPathExtension("measures")
        defer {
            try? FileManager.default.removeItem(at: capture)
            try? FileManager.default.removeItem(at: measures)
        }
        let launcher = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
        let launched = try spawn(launcher, ["child", measures.path, executable] + arguments, output: capture.path)
        guard launched.status == 0 else {
            throw BenchmarkError("the launcher failed for \(executable) (\(launched.status))")
        }
        let fields = ((try? String(contentsOf: measures, encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int($0) }
        guard fields.count == 5 else { throw BenchmarkError("the launcher reported nothing for \(executable)") }
        let output = (try? String(contentsOf: capture, encoding: .utf8)) ?? ""
        return Outcome(
            status: Int32(fields[0]), wallTime: .nanoseconds(fields[1]), cpuTime: .nanoseconds(fields[2]),
            systemTime: .nanoseconds(fields[3]), peakMemoryKiB: fields[4], output: output)
    }

    /// `rmwiki-bench child MEASURES PROGRAM ARGS…`: runs the program with this process's standard output, then
    /// writes "status wallNanoseconds cpuNanoseconds systemNanoseconds maxRSSKiB" to MEASURES.
    static func launch(arguments: [String]) -> Never {
        guard arguments.count >= 2 else { exit(2) }
        do {
            let measured = try spawn(arguments[1], Array(arguments.dropFirst(2)), output: nil)
            func nanoseconds(_ duration: Duration) -> Int64 {
                duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
            }
            try Data("\(measured.status) \(nanoseconds(measured.wallTime)) \(nanoseconds(measured.cpuTime)) \(nanoseconds(measured.systemTime)) \(measured.peakMemoryKiB)".utf8)
                .write(to: URL(fileURLWithPath: arguments[0]))
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("rmwiki-bench child: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Runs `executable` to its end, its standard output into the file `output` (or this process's), and measures it.
    static func spawn(_ executable: String, _ arguments: [String], output: String?) throws -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let output { posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchmarkError("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkError("wait4 failed: \(String(cString: strerror(errno)))") }
        }
        let elapsed = clock.now - start
        let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        func duration(_ time: timeval) -> Duration { .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec)) }
        return Outcome(
            status: exitCode, wallTime: elapsed, cpuTime: duration(usage.ru_utime) + duration(usage.ru_stime),
            systemTime: duration(usage.ru_stime), peakMemoryKiB: Int(usage.ru_maxrss), output: "")
    }
}
