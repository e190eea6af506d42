import Foundation

/// One GET as the client asks a transport for it.
public struct TransportRequest: Sendable, Equatable {
    public var url: URL
    public var headers: [String: String]
    /// The transport's own time limit; the client also enforces it around `send`.
    public var timeout: Duration
    /// A transport stops reading a body that grows past this and throws `APIError.bodyTooLarge`, so a
    /// hostile or broken server cannot make it buffer gigabytes; the client also checks what it gets back.
    public var maximumBodyBytes: Int

    public init(
        url: URL, headers: [String: String] = [:], timeout: Duration = .seconds(30), maximumBodyBytes: Int = .max
    ) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
    }
}
