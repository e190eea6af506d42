import Foundation

/// Sends one request and returns the whole response. The client owns retries, timeouts and validation,
/// so a transport only moves bytes; it reports network trouble as `TransportError` (which is retried).
protocol HTTPTransport: Sendable {
    func send(_ request: TransportRequest) async throws -> TransportResponse
}

/// One request as the client asks a transport for it: a GET, or a POST with a body (GraphQL).
struct TransportRequest: Sendable, Equatable {
    var url: URL
    var method: String
    var headers: [String: String]
    var body: Data?
    /// The transport's own time limit; the client also enforces it around `send`.
    var timeout: Duration
    /// A transport stops reading a body that grows past this and throws `APIError.bodyTooLarge`, so a
    /// hostile or broken server cannot make it buffer gigabytes; the client also checks what it gets back.
    var maximumBodyBytes: Int

    init(
        url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil,
        timeout: Duration = .seconds(30), maximumBodyBytes: Int = .max
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
    }
}

/// A complete HTTP response as a transport received it.
struct TransportResponse: Sendable, Equatable {
    var status: Int
    /// Header names as received; look them up with `header(_:)`, which ignores case.
    var headers: [String: String]
    var body: Data

    init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    func header(_ name: String) -> String? {
        if let exact = headers[name] { return exact }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}

/// Network trouble a transport reports; each is worth another attempt.
enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    case timedOut
    case connectionLost(String)
    case cannotConnect(String)

    var description: String {
        switch self {
        case .timedOut: "timed out"
        case .connectionLost(let detail): "connection lost (\(detail))"
        case .cannotConnect(let detail): "cannot connect (\(detail))"
        }
    }
}

/// The IMF-fixdate of HTTP headers (`Sun, 06 Nov 1994 08:49:37 GMT`), used by `Last-Modified`,
/// `If-Modified-Since` and `Retry-After`.
package enum HTTPDate {
    package static func string(from date: Date) -> String {
        formatter().string(from: date)
    }

    package static func date(from string: String) -> Date? {
        formatter().date(from: string.trimmingCharacters(in: .whitespaces))
    }

    /// A fresh formatter per call: `DateFormatter` is not `Sendable`, and these headers are rare.
    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }
}
