import Synchronization

/// How much of what a server sends the client accepts, so that peak memory stays bounded whatever it sends.
/// Each limit is far above what the real API serves.
struct ResponseLimits: Sendable, Equatable {
    /// The most records one collection may claim (the API has under a thousand of each): a page claiming
    /// millions must not make the client plan millions of requests.
    var recordCount: Int
    /// The most a page of records may weigh (a real one weighs about 15 KB).
    var pageBytes: Int
    /// The most an avatar may weigh (the largest real one weighs 135 KB).
    var imageBytes: Int
    /// The most the record pages of one fetch may add up to (the real API's: under 1 MB); they are all held
    /// until the collections are assembled.
    var fetchBytes: Int

    static let standard = ResponseLimits(
        recordCount: 1_000_000, pageBytes: 8 << 20, imageBytes: 4 << 20, fetchBytes: 256 << 20)
}

extension APIClient {
    func bodyLimit(isImage: Bool) -> Int {
        isImage ? limits.imageBytes : limits.pageBytes
    }

    /// The transport should have stopped at the limit already; this catches one that does not.
    static func checkBodySize(_ response: TransportResponse, of request: TransportRequest) throws {
        guard response.body.count > request.maximumBodyBytes else { return }
        throw APIError.bodyTooLarge(url: request.url.absoluteString, limit: request.maximumBodyBytes, method: request.method)
    }
}

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
