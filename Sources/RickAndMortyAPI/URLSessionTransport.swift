import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transport. URLSession's own cache is off: the client sends its own conditional requests
/// and must see 304s as they are.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    public init(maximumConnectionsPerHost: Int = APIClient.defaultConcurrency) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        session = URLSession(configuration: configuration)
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        // The client enforces `timeout` itself; corelibs URLSession on Linux was seen to fail concurrent
        // transfers as "timed out" at once when one connection broke, with a short interval set here.
        urlRequest.timeoutInterval = request.timeout.seconds + 30
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await Self.perform(urlRequest, on: session)
        } catch let error as URLError {
            throw Self.transportError(error)
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportError.connectionLost("not an HTTP response")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return TransportResponse(status: http.statusCode, headers: headers, body: data)
    }

    /// `session.data(for:)`, but cancelled through `DataTaskCanceller` (see there for the deadlock it avoids).
    private static func perform(_ request: URLRequest, on session: URLSession) async throws -> (Data, URLResponse) {
        let canceller = DataTaskCanceller()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let data, let response {
                        continuation.resume(returning: (data, response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                canceller.attach(task)
                task.resume()
            }
        } onCancel: {
            canceller.cancel()
        }
    }

    private static func transportError(_ error: URLError) -> any Error {
        switch error.code {
        case .timedOut: TransportError.timedOut
        case .cancelled: CancellationError()
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            TransportError.cannotConnect(error.localizedDescription)
        default: TransportError.connectionLost(error.localizedDescription)
        }
    }
}
