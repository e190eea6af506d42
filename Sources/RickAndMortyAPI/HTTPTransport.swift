/// Sends one request and returns the whole response. The client owns retries, timeouts and validation,
/// so a transport only moves bytes; it reports network trouble as `TransportError` (which is retried).
package protocol HTTPTransport: Sendable {
    func send(_ request: TransportRequest) async throws -> TransportResponse
}
