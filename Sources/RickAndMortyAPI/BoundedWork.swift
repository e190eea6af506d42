/// Bounded fan-out for batches of requests.
enum BoundedWork {
    /// Runs `work` for every element with at most `width` child tasks alive at once, handing each result to
    /// `collect` as it arrives (in no particular order). A server claiming thousands of pages, or a snapshot naming
    /// thousands of pictures, then costs `width` tasks, not one per element created up front. The first error
    /// cancels the rest and is rethrown.
    static func forEach<Element: Sendable, Value: Sendable>(
        _ elements: some Sequence<Element>, width: Int, _ work: @escaping @Sendable (Element) async throws -> Value,
        collect: (Value) throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Value.self) { group in
            var pending = elements.makeIterator()
            var running = 0
            while running < max(1, width), let element = pending.next() {
                group.addTask { try await work(element) }
                running += 1
            }
            while let value = try await group.next() {
                try collect(value)
                if let element = pending.next() { group.addTask { try await work(element) } }
            }
        }
    }
}
