import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback port that refuses every connection for as long as this value lives: a socket bound to it that never
/// listens. A stopped server's port is no such thing: another test's server may take it the next moment and
/// answer.
package final class RefusingPort: Sendable {
    let port: Int
    private let descriptor: Int32

    private init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SpawnError(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            let error = errno
            close(descriptor)
            throw SpawnError(description: "bind 127.0.0.1:0: errno \(error)")
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs `body` with `http://127.0.0.1:PORT` followed by `path`, the port refusing until `body` has ended.
    package static func with<Result>(path: String = "", _ body: (URL) async throws -> Result) async throws -> Result {
        let refusing = try RefusingPort()
        // Swift may free a value after its last use; the port must outlive the body.
        defer { withExtendedLifetime(refusing) {} }
        guard let url = URL(string: "http://127.0.0.1:\(refusing.port)\(path)") else {
            throw SpawnError(description: "no URL for port \(refusing.port)")
        }
        return try await body(url)
    }

    deinit { close(descriptor) }
}
