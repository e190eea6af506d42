import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Ends a transfer that a cancel cannot reach, by shutting down its socket.
///
/// corelibs cancels a task on the session's work queue, and that queue is where curl reads. Against a server that
/// sends faster than rmwiki counts (an endless body over loopback or a fast LAN), curl always has more to read and
/// the queue never gets to the cancel: the transfer went on for minutes, gigabytes in, and the process could not
/// even exit. Shutting the socket down ends curl's reading at once (it sees the connection close), without
/// closing the descriptor, which curl still owns and closes itself.
///
/// The socket is found by what only a stuck transfer has: a connection to the transfer's host and port with bytes
/// waiting to be read. Another transfer to that host that happens to have bytes waiting is cut too: `TransferDelegate`
/// fails every transfer from that host and port that was receiving as a broken connection (a body delimited by the
/// connection's close would otherwise arrive whole, and short), and the client retries it.
enum ConnectionCutter {
    /// The host and port a URL's connection goes to (the scheme's port where the URL names none): what a cut reaches,
    /// and so what `TransferDelegate` compares to find the other transfers a cut ends.
    struct Origin: Hashable, Sendable {
        let host: String
        let port: Int

        init?(_ url: URL?) {
            guard let url, let host = url.host?.lowercased(), let scheme = url.scheme?.lowercased() else { return nil }
            self.host = host
            port = url.port ?? (scheme == "https" ? 443 : 80)
        }
    }

    /// Shuts down the sockets connected to `url`'s host and port that have unread bytes; returns how many.
    @discardableResult
    static func cut(connectionsTo url: URL) -> Int {
        guard let origin = Origin(url) else { return 0 }
        let addresses = resolve(origin.host)
        guard !addresses.isEmpty, let folder = opendir("/proc/self/fd") else { return 0 }
        defer { closedir(folder) }
        var cut = 0
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let descriptor = Int32(name), isSocket(descriptor),
                  let peer = peer(of: descriptor), peer.port == origin.port, addresses.contains(peer.address),
                  unreadBytes(descriptor) > 0
            else { continue }
            if shutdown(descriptor, Int32(SHUT_RDWR)) == 0 { cut += 1 }
        }
        return cut
    }

    private static func isSocket(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }

    private static func unreadBytes(_ descriptor: Int32) -> Int32 {
        var count: Int32 = 0
        return ioctl(descriptor, UInt(FIONREAD), &count) == 0 ? count : 0
    }

    /// The peer's address as bytes (4 for IPv4, 16 for IPv6) and its port.
    private static func peer(of descriptor: Int32) -> (address: [UInt8], port: Int)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) }
        }
        guard named == 0 else { return nil }
        return address(of: &storage)
    }

    private static func address(of storage: inout sockaddr_storage) -> (address: [UInt8], port: Int)? {
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                    let address = withUnsafeBytes(of: pointer.pointee.sin_addr) { Array($0) }
                    return (address, Int(UInt16(bigEndian: pointer.pointee.sin_port)))
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    let address = withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
                    return (address, Int(UInt16(bigEndian: pointer.pointee.sin6_port)))
                }
            }
        default:
            return nil
        }
    }

    /// Every address `host` stands for (a literal address stands for itself).
    private static func resolve(_ host: String) -> Set<[UInt8]> {
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var addresses = Set<[UInt8]>()
        var next = list
        while let info = next {
            if let raw = info.pointee.ai_addr {
                var storage = sockaddr_storage()
                withUnsafeMutableBytes(of: &storage) { target in
                    target.copyMemory(from: UnsafeRawBufferPointer(start: raw, count: min(Int(info.pointee.ai_addrlen), target.count)))
                }
                if let address = address(of: &storage) { addresses.insert(address.address) }
            }
            next = info.pointee.ai_next
        }
        return addresses
    }
}
