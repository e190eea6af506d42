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
        var pending = elements.makeIterator()
        try await drain(width: width, next: { pending.next() }, work, collect: collect)
    }

    /// `forEach` over work that grows as results arrive: `next` is asked for more whenever a task is free, and
    /// `collect` may make it answer again after it answered nil (a page naming more pages or pictures). Ends when
    /// nothing runs and `next` has nothing.
    static func drain<Job: Sendable, Value: Sendable>(
        width: Int, next: () -> Job?, _ work: @escaping @Sendable (Job) async throws -> Value,
        collect: (Value) throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Value.self) { group in
            var running = 0
            while running < max(1, width), let job = next() {
                group.addTask { try await work(job) }
                running += 1
            }
            while let value = try await group.next() {
                running -= 1
                try collect(value)
                while running < max(1, width), let job = next() {
                    group.addTask { try await work(job) }
                    running += 1
                }
            }
        }
    }
}
