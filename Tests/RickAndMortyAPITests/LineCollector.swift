import Foundation

/// Collects what a `ProgressReporter` writes.
final class LineCollector: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var chunks: [String] = []

    func write(_ text: String) {
        lock.lock()
        chunks.append(text)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return chunks.joined()
    }

    var writes: Int {
        lock.lock()
        defer { lock.unlock() }
        return chunks.count
    }
}
