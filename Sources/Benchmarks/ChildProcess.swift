import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion and reports its wall time and peak memory (from `wait4`, which
/// `Foundation.Process` does not expose), with its standard output captured.
struct ChildProcess {
    struct Outcome {
        let status: Int32
        let wallTime: Duration
        let peakMemoryKiB: Int
        let output: String
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> Outcome {
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("rmwiki-bench-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: capture) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, capture.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
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
        let output = (try? String(contentsOf: capture, encoding: .utf8)) ?? ""
        return Outcome(status: exitCode, wallTime: elapsed, peakMemoryKiB: Int(usage.ru_maxrss), output: output)
    }
}
