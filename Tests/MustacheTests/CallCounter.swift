import Foundation

/// The "Multiple Calls" lambda keeps state between calls; a lock makes that safe to share.
final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}
