import Synchronization

/// The bytes one fetch may hold, shared by its concurrent requests.
final class ByteBudget: Sendable {
    private let spent = Mutex(0)
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func spend(_ bytes: Int) throws {
        let total = spent.withLock { spent in
            spent += bytes
            return spent
        }
        if total > limit { throw APIError.fetchTooLarge(limit: limit) }
    }
}
