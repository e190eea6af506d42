#if canImport(Glibc)
import Glibc
#endif

/// Creates the non-blocking listening socket.
enum ListeningSocket {
    /// Returns the descriptor and the bound port (the kernel's choice when `port` is 0).
    static func open(host: String, port: Int, backlog: Int) throws -> (socket: Int32, port: Int) {
        let literal = host == "localhost" ? "127.0.0.1" : host
        let isIPv6 = literal.contains(":")
        guard (0...65535).contains(port) else { throw HTTPServerError.invalidHost("\(host):\(port)") }
        let family = isIPv6 ? AF_INET6 : AF_INET
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw HTTPServerError.socket(operation: "socket", errno: errno) }
        do {
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            if isIPv6 {
                var address = sockaddr_in6()
                address.sin6_family = sa_family_t(AF_INET6)
                address.sin6_port = in_port_t(UInt16(port).bigEndian)
                guard inet_pton(AF_INET6, literal, &address.sin6_addr) == 1 else { throw HTTPServerError.invalidHost(host) }
                try bind(fd, &address)
            } else {
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = in_port_t(UInt16(port).bigEndian)
                guard inet_pton(AF_INET, literal, &address.sin_addr) == 1 else { throw HTTPServerError.invalidHost(host) }
                try bind(fd, &address)
            }
            guard listen(fd, Int32(backlog)) == 0 else { throw HTTPServerError.socket(operation: "listen", errno: errno) }
            return (fd, try boundPort(fd, isIPv6: isIPv6))
        } catch {
            close(fd)
            throw error
        }
    }

    private static func bind<Address>(_ fd: Int32, _ address: inout Address) throws {
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(fd, $0, socklen_t(MemoryLayout<Address>.size))
            }
        }
        guard result == 0 else { throw HTTPServerError.socket(operation: "bind", errno: errno) }
    }

    private static func boundPort(_ fd: Int32, isIPv6: Bool) throws -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { throw HTTPServerError.socket(operation: "getsockname", errno: errno) }
        return withUnsafePointer(to: &storage) { pointer in
            isIPv6
                ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
                : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }
}
