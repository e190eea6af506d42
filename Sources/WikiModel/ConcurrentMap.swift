import Dispatch

extension Array where Element: Sendable {
    /// `map` on every core, results in order: the pages of one kind are independent of each other, and
    /// building their models one by one left the other core idle while the renderer waited for them.
    func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) throws -> Result) throws -> [Result] {
        let workers = Swift.min(count, 8)
        guard workers > 1 else { return try map(transform) }
        let slots = UnsafeMutableBufferPointer<Swift.Result<Result, any Error>?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer { slots.deinitialize(); slots.deallocate() }
        // Each worker writes only its own strided slots.
        nonisolated(unsafe) let shared = slots
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in Swift.stride(from: worker, to: count, by: workers) {
                shared[index] = Swift.Result { try transform(self[index]) }
            }
        }
        return try slots.map { slot in
            guard let slot else { preconditionFailure("every index is visited by exactly one worker") }
            return try slot.get()
        }
    }
}
