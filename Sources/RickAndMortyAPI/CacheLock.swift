import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on `DIR/.lock` for the length of a refresh, so two overlapping runs (a slow nightly
/// cron job and the next one) cannot interleave their commits. The kernel drops the lock if the process dies.
final class CacheLock {
    private var descriptor: Int32

    init(directory: URL) throws {
        let path = directory.appendingPathComponent(".lock").path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw DataCacheError.writeFailed(path: path, detail: String(cString: strerror(errno)))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            descriptor = -1
            throw DataCacheError.busy(directory: directory.path)
        }
    }

    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit {
        release()
    }
}
