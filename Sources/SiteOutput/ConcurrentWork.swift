import Dispatch
import Foundation

/// Runs independent filesystem calls on a few threads. On the build machine creating an inode
/// costs ~0.5 ms of mostly waiting, so a handful of threads pays off even on 2 cores.
enum ConcurrentWork {
    static let workerCount = max(4, ProcessInfo.processInfo.activeProcessorCount)

    /// `body(i)` for every i in 0..<count. If any call throws, the error of the lowest index is
    /// rethrown (the same error every run), after all calls finished.
    static func forEach(_ count: Int, _ body: @Sendable (Int) throws -> Void) throws {
        _ = try map(count, body)
    }

    static func map<Value: Sendable>(_ count: Int, _ body: @Sendable (Int) throws -> Value) throws -> [Value] {
        if count == 0 { return [] }
        let slots = UnsafeMutableBufferPointer<Result<Value, any Error>?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer { slots.deinitialize(); slots.deallocate() }
        // Each worker owns a strided set of slots, so no slot is written twice.
        nonisolated(unsafe) let shared = slots
        let workers = min(workerCount, count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: count, by: workers) {
                shared[index] = Result { try body(index) }
            }
        }
        return try slots.map { slot in
            guard let slot else { preconditionFailure("every index is visited by exactly one worker") }
            return try slot.get()
        }
    }
}
