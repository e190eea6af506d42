import Foundation

/// A complete HTTP response as a transport received it.
package struct TransportResponse: Sendable, Equatable {
    package var status: Int
    /// Header names as received; look them up with `header(_:)`, which ignores case.
    package var headers: [String: String]
    package var body: Data

    package init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package func header(_ name: String) -> String? {
        if let exact = headers[name] { return exact }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}
