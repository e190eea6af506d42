/// How much of what a server sends the client accepts, so that peak memory stays bounded whatever it sends.
/// Each limit is far above what the real API serves.
package struct ResponseLimits: Sendable, Equatable {
    /// The most records one collection may claim (the API has under a thousand of each): a page claiming
    /// millions must not make the client plan millions of requests.
    package var recordCount: Int
    /// The most a page of records may weigh (a real one weighs about 15 KB).
    package var pageBytes: Int
    /// The most an avatar may weigh (the largest real one weighs 135 KB).
    package var imageBytes: Int
    /// The most the record pages of one fetch may add up to (the real API's: under 1 MB); they are all held
    /// until the collections are assembled.
    package var fetchBytes: Int

    package init(recordCount: Int, pageBytes: Int, imageBytes: Int, fetchBytes: Int) {
        self.recordCount = recordCount
        self.pageBytes = pageBytes
        self.imageBytes = imageBytes
        self.fetchBytes = fetchBytes
    }

    package static let standard = ResponseLimits(
        recordCount: 1_000_000, pageBytes: 8 << 20, imageBytes: 4 << 20, fetchBytes: 256 << 20)
}
