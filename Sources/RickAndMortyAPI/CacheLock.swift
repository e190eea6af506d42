import Foundation
import Primitives

/// An exclusive lock on `DIR/.lock` for the length of a refresh, so two overlapping runs (a slow nightly
/// cron job and the next one) cannot interleave their commits. The kernel drops the lock if the process dies.
struct CacheLock {
    private let lock: FileLock

    init(directory: URL) throws {
        let path = directory.appendingPathComponent(".lock").path
        do throws(FileLock.Failure) {
            lock = try FileLock(path: path)
        } catch {
            throw DataCacheError.writeFailed(path: path, detail: error.detail)
        }
        guard (try? lock.tryLock()) == true else { throw DataCacheError.busy(directory: directory.path) }
    }

    func release() {
        lock.release()
    }
}
