import Foundation
@testable import RickAndMortyAPI

/// An in-memory transport whose answers a test scripts per request number (1-based).
struct ScriptedTransport: HTTPTransport {
    let requests = RequestCounter()
    let answer: @Sendable (Int, TransportRequest) async throws -> TransportResponse

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await answer(await requests.next(), request)
    }
}

actor RequestCounter {
    private(set) var count = 0

    func next() -> Int {
        count += 1
        return count
    }
}
