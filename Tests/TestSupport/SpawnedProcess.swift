import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`, its standard output and error captured in files (or its standard
/// error in a pipe, for a child that says something the test waits for).
///
/// Not Foundation's `Process`: on Linux its `run()` reads each entry of `/proc/self/fd` as a whole 256-byte
/// `dirent` name, past the end of `readdir`'s buffer when a short entry sits at its end, and crashed the test
/// process (a loaded run at 86304e8, SIGSEGV in `Process.run()` launching Chromium; swift-corelibs-foundation
/// pull request 5472, fixed after Swift 6.3.1).
///
/// The child is reaped only by `poll()`, `wait()` or `kill()`, never in the background, so its pid cannot
/// be reused by another process before a test decides to signal it. `wait()` learns of the end on a
/// thread of its own (`waitid` with `WNOWAIT`, which does not reap), so no thread of the concurrency pool
/// blocks and no test guesses how often to look.
package final class SpawnedProcess: @unchecked Sendable {
    package enum Termination: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        package var description: String {
            switch self {
            case .exited(let code): "exit \(code)"
            case .signaled(let signal): "signal \(signal)"
            }
        }
    }

    package let pid: pid_t
    private let outputFile: URL
    private let errorFile: URL
    private let lock = NSLock()
    private var termination: Termination?
    /// A standard stream the parent reads as the child writes it (a port it announces), instead of a file.
    package enum Stream: Int32 {
        case output = 1
        case errors = 2
    }

    /// The read end of the stream asked for as a pipe.
    package let pipe: FileHandle?

    package init(_ executable: String, _ arguments: [String], captureIn folder: URL, piping stream: Stream? = nil) throws {
        let label = UUID().uuidString
        outputFile = folder.appendingPathComponent("\(label).out")
        errorFile = folder.appendingPathComponent("\(label).err")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // Both ends close on exec, so a child another thread starts meanwhile holds neither (the reader would then
        // never see the end); the child's own copy is the descriptor that dup2 makes, which stays open.
        var ends: [Int32] = [-1, -1]
        if let stream {
            guard closeOnExecPipe(&ends) == 0 else { throw SpawnError(description: "no pipe: errno \(errno)") }
            posix_spawn_file_actions_adddup2(&actions, ends[1], stream.rawValue)
        }
        if stream != .output {
            posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        if stream != .errors {
            posix_spawn_file_actions_addopen(&actions, 2, errorFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, nil, argv, environ)
        if stream != nil { close(ends[1]) }
        guard result == 0 else {
            if stream != nil { close(ends[0]) }
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        pid = child
        pipe = stream == nil ? nil : FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
    }

    /// Blocks the calling thread until the child ends: for callers that are not async (a reference tool's run).
    package func waitUntilExit() -> Termination {
        while true {
            if let ended = poll() { return ended }
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
        }
    }

    /// Waits for the child to end and returns how it ended.
    package func wait() async -> Termination {
        while true {
            if let ended = poll() { return ended }
            let pid = pid
            await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
                Thread {
                    var info = siginfo_t()
                    // ECHILD means another caller has reaped it already; `poll()` then has the answer.
                    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
                    ended.resume()
                }.start()
            }
        }
    }

    /// Waits for the child to end, or kills it once `limit` has passed, whichever comes first: the child's end
    /// is an event (see `wait()`), and the limit is the moment a kill test aims at or a watchdog, so a hang
    /// fails the test instead of stalling the suite. `ranOut` says the limit came first.
    package func wait(killingAfter limit: Duration) async -> (termination: Termination, ranOut: Bool) {
        await withTaskGroup(of: Termination?.self) { group in
            group.addTask { await self.wait() }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            if let first { return (first, false) }
            return (await kill(), true)
        }
    }

    /// How the child ended, or nil while it runs (reaping it if it just ended).
    package func poll() -> Termination? {
        lock.withLock {
            if let termination { return termination }
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            guard result == pid else { return nil }
            let signal = status & 0x7f
            termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
            return termination
        }
    }

    /// Sends SIGKILL unless the child has already been reaped, and waits for it; returns how it ended
    /// (a child that finished just before the signal reports its own exit).
    @discardableResult
    package func kill() async -> Termination {
        send(SIGKILL)
        return await wait()
    }

    /// Sends `signal` (e.g. SIGSTOP, SIGCONT) unless the child has already been reaped.
    package func send(_ signal: Int32) {
        lock.withLock {
            if termination == nil { _ = sendSignal(pid, signal) }
        }
    }

    package var standardOutput: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }
    /// The standard output as bytes (a reference tool's pixels).
    package func standardOutputBytes() throws -> [UInt8] { [UInt8](try Data(contentsOf: outputFile)) }
    package var standardError: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    /// Runs to the end and returns the termination with both outputs.
    package static func run(
        _ executable: String, _ arguments: [String], captureIn folder: URL
    ) async throws -> (termination: Termination, out: String, err: String) {
        let process = try SpawnedProcess(executable, arguments, captureIn: folder)
        let termination = await process.wait()
        return (termination, process.standardOutput, process.standardError)
    }
}

#if canImport(Glibc)
/// glibc's `pipe2`, which the Glibc module leaves out (it is a GNU extension): a pipe whose ends are close-on-exec
/// from the start, with no moment in which a child another thread spawns could inherit them.
@_silgen_name("pipe2") private func pipe2(_ ends: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

private func closeOnExecPipe(_ ends: UnsafeMutablePointer<Int32>) -> Int32 { pipe2(ends, O_CLOEXEC) }
#elseif canImport(Darwin)
/// Darwin has no `pipe2`: the flag is set just after (a child spawned in between could inherit an end).
private func closeOnExecPipe(_ ends: UnsafeMutablePointer<Int32>) -> Int32 {
    guard pipe(ends) == 0 else { return -1 }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    return 0
}
#endif

#if canImport(Glibc)
private let sendSignal = Glibc.kill
#elseif canImport(Darwin)
private let sendSignal = Darwin.kill
#endif
