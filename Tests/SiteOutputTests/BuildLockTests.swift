import Foundation
@testable import Primitives
@testable import SiteOutput
import Testing

@Suite("Build lock")
struct BuildLockTests {
    @Test("a second acquire fails at once, naming the holder's pid")
    func secondAcquireFails() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let lock = try BuildLock.acquire(for: workspace.output)
        defer { lock.release() }
        let error = try #require(throws: SiteOutputError.self) { try BuildLock.acquire(for: workspace.output) }
        #expect(error == .buildInProgress(output: workspace.output.path, pid: getpid(), waitedSeconds: 0))
        #expect(error.description.hasPrefix("another build (pid \(getpid())) is running on \(workspace.output.path)"))
    }

    @Test("a waiting acquire gives up after its timeout")
    func waitTimesOut() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let lock = try BuildLock.acquire(for: workspace.output)
        defer { lock.release() }
        let error = try #require(throws: SiteOutputError.self) {
            try BuildLock.acquire(for: workspace.output, timeout: .milliseconds(50))
        }
        guard case .buildInProgress(_, let pid, let waited) = error else {
            Issue.record("expected buildInProgress, got \(error)")
            return
        }
        #expect(pid == getpid() && waited >= 0.05)
    }

    @Test("a waiting acquire gets the lock once the holder releases it")
    func waitSucceeds() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let holder = try BuildLock.acquire(for: workspace.output)
        let output = workspace.output
        let waiter = Task.detached { try BuildLock.acquire(for: output, timeout: .seconds(60)) }
        holder.release()
        let lock = try await waiter.value
        lock.release()
    }

    @Test("release makes the lock available again, and releasing twice is harmless")
    func releaseThenReacquire() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let first = try BuildLock.acquire(for: workspace.output)
        first.release()
        first.release()
        let second = try BuildLock.acquire(for: workspace.output)
        first.release()
        #expect(throws: SiteOutputError.self) { try BuildLock.acquire(for: workspace.output) }
        second.release()
    }

    @Test("a lock file left by a killed build does not block")
    func leftoverLockFile() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let lockFile = try BuildLock.lockFileURL(for: workspace.output)
        #expect(lockFile.path == workspace.root.appendingPathComponent(".site.lock").path)
        try Data("999999\n".utf8).write(to: lockFile)
        let lock = try BuildLock.acquire(for: workspace.output)
        defer { lock.release() }
        #expect(try String(contentsOf: lockFile, encoding: .utf8) == "\(getpid())\n")
    }

    @Test("dropping the last reference releases the lock")
    func releasedOnDeinit() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        do {
            let lock = try BuildLock.acquire(for: workspace.output)
            withExtendedLifetime(lock) {}
        }
        let again = try BuildLock.acquire(for: workspace.output)
        again.release()
    }

    @Test("release deletes the lock file, so no run leaves it behind")
    func releaseDeletesTheFile() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let lockFile = try BuildLock.lockFileURL(for: workspace.output)
        let lock = try BuildLock.acquire(for: workspace.output)
        #expect(FileManager.default.fileExists(atPath: lockFile.path))
        lock.release()
        #expect(!FileManager.default.fileExists(atPath: lockFile.path))
    }

    /// The race deleting a lock file opens: a waiter opened the file before the holder deleted it, and gets its
    /// `flock` once the holder lets go. That lock is on a file no path names, so it must exclude no one.
    @Test("a lock on a deleted lock file is not current, and excludes no one")
    func aLockOnADeletedFileIsNotCurrent() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let path = try BuildLock.lockFileURL(for: workspace.output).path
        let holder = try BuildLock.acquire(for: workspace.output)
        let waiter = try FileLock(path: path)
        #expect(try waiter.tryLock() == false)
        holder.release()
        #expect(try waiter.tryLock() == true)
        #expect(!waiter.isCurrent)
        // The next build locks the file the path names now; the waiter, told by `isCurrent`, would open it again.
        let next = try BuildLock.acquire(for: workspace.output)
        #expect(FileManager.default.fileExists(atPath: path))
        let reopened = try FileLock(path: path)
        #expect(try reopened.tryLock() == false)
        next.release()
        waiter.release()
    }
}
