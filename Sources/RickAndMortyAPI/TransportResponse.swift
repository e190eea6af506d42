import Foundation

/// A complete HTTP response as a transport received it.
public struct TransportResponse: Sendable, Equatable {
    public var status: Int
    /// Header names as received; look them up with `header(_:)`, which ignores case.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        if let exact = headers[name] { return exact }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}
