#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a file or folder. The kernel drops it when the holder exits or is killed, so a
/// lock file left behind never blocks: only a live holder does. Used for the build's output lock, the data
/// cache's lock and the staging folders; each caller turns the failures into its own errors.
package final class FileLock: Sendable {
    /// Why a lock could not be opened or taken: the `errno` of the failed call.
    package struct Failure: Error, Sendable {
        package let code: Int32

        package init(code: Int32) {
            self.code = code
        }

        package var detail: String { String(cString: strerror(code)) }
    }

    package let path: String
    /// The open file, for a holder that records something in it (the build writes its pid).
    package let descriptor: Int32

    /// Opens `path`: a file, created when missing, or an existing folder (never through a symbolic link).
    package init(path: String, folder: Bool = false) throws(Failure) {
        let flags = folder ? O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC : O_RDWR | O_CREAT | O_CLOEXEC
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else { throw Failure(code: errno) }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Takes the lock if no one else holds it: false when another holder has it, without waiting.
    package func tryLock() throws(Failure) -> Bool {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK { return false }
            throw Failure(code: code)
        }
        return true
    }

    /// Whether `path` still names the file this lock holds. A holder that deletes its lock file does so while
    /// holding the lock, so a lock taken on a file no longer at `path` (or replaced there) excludes no one:
    /// the caller opens the path again.
    package var isCurrent: Bool {
        var opened = stat()
        var named = stat()
        return fstat(descriptor, &opened) == 0 && lstat(path, &named) == 0
            && opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }

    /// Unlocks; calling it again does nothing.
    package func release() {
        flock(descriptor, LOCK_UN)
    }

    /// A lock file that its holders delete: opens `path` and tries to lock it, again while the file it locked
    /// turns out deleted by its last holder (`isCurrent`). `locked` is false when another holder has it.
    package static func tryLockingFile(at path: String) throws(Failure) -> (lock: FileLock, locked: Bool) {
        while true {
            let lock = try FileLock(path: path)
            guard try lock.tryLock() else { return (lock, false) }
            if lock.isCurrent { return (lock, true) }
        }
    }

    /// Deletes the lock file, while still holding the lock so that no one locks it meanwhile, then unlocks.
    package func deleteAndRelease() {
        if isCurrent { unlink(path) }
        release()
    }
}
