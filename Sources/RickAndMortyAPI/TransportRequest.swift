import Foundation

/// One request as the client asks a transport for it: a GET, or a POST with a body (GraphQL).
package struct TransportRequest: Sendable, Equatable {
    package var url: URL
    package var method: String
    package var headers: [String: String]
    package var body: Data?
    /// The transport's own time limit; the client also enforces it around `send`.
    package var timeout: Duration
    /// A transport stops reading a body that grows past this and throws `APIError.bodyTooLarge`, so a
    /// hostile or broken server cannot make it buffer gigabytes; the client also checks what it gets back.
    package var maximumBodyBytes: Int

    package init(
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
