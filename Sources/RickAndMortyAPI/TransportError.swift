/// Network trouble a transport reports; every case but `tooManyRedirects` is worth another attempt.
package enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    case timedOut
    case connectionLost(String)
    case cannotConnect(String)
    case tooManyRedirects

    package var description: String {
        switch self {
        case .timedOut: "timed out"
        case .connectionLost(let detail): "connection lost (\(detail))"
        case .cannotConnect(let detail): "cannot connect (\(detail))"
        case .tooManyRedirects: "too many redirects"
        }
    }
}
