// The SiteOutput module: the only writer of site files (atomic, incremental publishing), the output guard and
// the build lock.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Primitives
import Synchronization

/// Keeps two builds from publishing the same output at once.
///
/// A `FileLock` on `.<output name>.lock` beside the output. The holder's pid is written into the file for the "another build is running"
/// message. `release()` deletes the file, so no run, failed or not, leaves it behind. Deleting a lock file is
/// safe only with both halves of the usual pattern: the holder unlinks it while still holding the lock, and a
/// locker checks after `flock` that the path still names the file it locked (`FileLock.isCurrent`), else it
/// opens the path again; a lock on an unlinked file guards nothing.
///
/// Release with `release()` (e.g. in a `defer`); dropping the last reference releases the lock too, leaving
/// the file for the next build, which takes it over.
package final class BuildLock: Sendable {
    private let lock: FileLock
    private let held = Mutex(true)
    /// The output's missing parents this lock made, deepest first: a failed first build takes them away again.
    private let madeFolders: [String]

    private init(_ lock: FileLock, madeFolders: [String]) {
        self.lock = lock
        self.madeFolders = madeFolders
    }

    /// The lock file used for `outputDirectory`.
    static func lockFileURL(for outputDirectory: URL) throws -> URL {
        let location = try OutputLocation(outputDirectory)
        return URL(fileURLWithPath: location.parent).appendingPathComponent("." + location.name + ".lock")
    }

    /// Takes the lock for `outputDirectory`. With `timeout` zero (the default) it fails at once when
    /// another build holds it; otherwise it retries until the timeout, then fails.
    /// Throws `SiteOutputError.buildInProgress` naming the holder's pid.
    package static func acquire(for outputDirectory: URL, timeout: Duration = .zero) throws -> BuildLock {
        let location = try OutputLocation(outputDirectory)
        var madeFolders: [String] = []
        var missing = location.parent
        while access(missing, F_OK) != 0, missing != "/", !missing.isEmpty {
            madeFolders.append(missing)
            missing = (missing as NSString).deletingLastPathComponent
        }
        try FileSystemCalls.makeDirectories(location.parent)
        let path = try lockFileURL(for: outputDirectory).path
        let clock = ContinuousClock()
        let start = clock.now
        var pause = Duration.milliseconds(5)
        while true {
            let lock: FileLock
            let locked: Bool
            do throws(FileLock.Failure) {
                (lock, locked) = try FileLock.tryLockingFile(at: path)
            } catch {
                throw FileSystemCalls.error("lock", path, error.code)
            }
            if locked {
                let record = Array("\(getpid())\n".utf8)
                if ftruncate(lock.descriptor, 0) != 0
                    || record.withUnsafeBytes({ pwrite(lock.descriptor, $0.baseAddress, $0.count, 0) }) != record.count {
                    throw FileSystemCalls.error("write the lock file", path)
                }
                return BuildLock(lock, madeFolders: madeFolders)
            }
            let waited = clock.now - start
            if waited >= timeout {
                throw SiteOutputError.buildInProgress(output: location.path, pid: holderPid(lock.descriptor),
                                                      waitedSeconds: timeout == .zero ? 0 : waited.seconds)
            }
            // flock has no timeout of its own; polling with a capped backoff keeps the wait cheap.
            let remaining = timeout - waited
            let nap = min(pause, remaining)
            usleep(UInt32(max(1, nap.microseconds)))
            pause = min(pause * 2, .milliseconds(200))
        }
    }

    /// The same wait for async code: between attempts it suspends with `Task.sleep` instead of holding one
    /// of the concurrency pool's few threads in `usleep`.
    package static func acquire(for outputDirectory: URL, waitingUpTo limit: Duration) async throws -> BuildLock {
        let clock = ContinuousClock()
        let start = clock.now
        while true {
            do {
                return try acquire(for: outputDirectory)
            } catch SiteOutputError.buildInProgress(let output, let pid, _) {
                let waited = clock.now - start
                guard waited < limit else {
                    throw SiteOutputError.buildInProgress(output: output, pid: pid, waitedSeconds: waited.seconds)
                }
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    /// Deletes the lock file and the parents it made that are still empty (a site published into them is not),
    /// then unlocks; calling it again does nothing.
    package func release() {
        held.withLock { held in
            guard held else { return }
            held = false
            // The folders go after the file and before the unlock: a folder with the lock file in it is not empty.
            if lock.isCurrent { unlink(lock.path) }
            for folder in madeFolders where rmdir(folder) != 0 { break }
            lock.release()
        }
    }

    private static func holderPid(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        // The holder may not have written its pid yet; then the file names a finished build.
        guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), kill(pid, 0) == 0 || errno == EPERM else {
            return nil
        }
        return pid
    }
}

private extension Duration {
    var microseconds: Int64 {
        let parts = components
        return parts.seconds * 1_000_000 + parts.attoseconds / 1_000_000_000_000
    }
}
