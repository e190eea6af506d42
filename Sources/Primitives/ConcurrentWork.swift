import Dispatch
import Foundation

/// Runs independent calls on a few threads: filesystem calls (on the build machine creating an inode costs ~0.5 ms of
/// mostly waiting, so a handful of threads pays off even on 2 cores) and the few pieces of a build that split evenly
/// (each language's offline list, the avatars' look-ups).
package enum ConcurrentWork {
    static let workerCount = max(4, ProcessInfo.processInfo.activeProcessorCount)

    /// `body(i)` for every i in 0..<count. If any call throws, the error of the lowest index is
    /// rethrown (the same error every run), after all calls finished.
    package static func forEach<Failure: Error>(_ count: Int, _ body: @Sendable (Int) throws(Failure) -> Void) throws(Failure) {
        _ = try map(count, body)
    }

    /// `body(i)` for every i in 0..<count, in order; a body that cannot throw makes a call that cannot either.
    package static func map<Value: Sendable, Failure: Error>(
        _ count: Int, _ body: @Sendable (Int) throws(Failure) -> Value
    ) throws(Failure) -> [Value] {
        if count == 0 { return [] }
        let slots = UnsafeMutableBufferPointer<Result<Value, Failure>?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer { slots.deinitialize(); slots.deallocate() }
        // Each worker owns a strided set of slots, so no slot is written twice.
        nonisolated(unsafe) let shared = slots
        let workers = min(workerCount, count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: count, by: workers) {
                shared[index] = Result { () throws(Failure) -> Value in try body(index) }
            }
        }
        var values: [Value] = []
        values.reserveCapacity(count)
        for slot in slots {
            guard let slot else { preconditionFailure("every index is visited by exactly one worker") }
            values.append(try slot.get())
        }
        return values
    }
}
