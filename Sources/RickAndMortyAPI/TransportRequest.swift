import Foundation

/// One request as the client asks a transport for it: a GET, or a POST with a body (GraphQL).
public struct TransportRequest: Sendable, Equatable {
    public var url: URL
    public var method: String
    public var headers: [String: String]
    public var body: Data?
    /// The transport's own time limit; the client also enforces it around `send`.
    public var timeout: Duration

    public init(
        url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil,
        timeout: Duration = .seconds(30)
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}
