import Foundation

/// One request as the client asks a transport for it: a GET, or a POST with a body (GraphQL).
public struct TransportRequest: Sendable, Equatable {
    public var url: URL
    public var method: String
    public var headers: [String: String]
    public var body: Data?
    /// The transport's own time limit; the client also enforces it around `send`.
    public var timeout: Duration
    /// A transport stops reading a body that grows past this and throws `APIError.bodyTooLarge`, so a
    /// hostile or broken server cannot make it buffer gigabytes; the client also checks what it gets back.
    public var maximumBodyBytes: Int

    public init(
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
