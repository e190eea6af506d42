extension APIClient {
    func bodyLimit(isImage: Bool) -> Int {
        isImage ? limits.imageBytes : limits.pageBytes
    }

    /// The transport should have stopped at the limit already; this catches one that does not.
    static func checkBodySize(_ response: TransportResponse, of request: TransportRequest) throws {
        guard response.body.count > request.maximumBodyBytes else { return }
        throw APIError.bodyTooLarge(url: request.url.absoluteString, limit: request.maximumBodyBytes)
    }
}
