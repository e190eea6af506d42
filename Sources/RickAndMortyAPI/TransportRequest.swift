import Foundation

/// One GET as the client asks a transport for it.
public struct TransportRequest: Sendable, Equatable {
    public var url: URL
    public var headers: [String: String]
    /// The transport's own time limit; the client also enforces it around `send`.
    public var timeout: Duration

    public init(url: URL, headers: [String: String] = [:], timeout: Duration = .seconds(30)) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
    }
}
