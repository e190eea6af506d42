#if canImport(Glibc)
import Glibc
#endif

/// The `Host` field's syntax (RFC 9112 §3.2) and which names are loopback ones.
///
/// A server bound to loopback answers only loopback names because of DNS rebinding: a page from
/// evil.example can have that name re-resolved to 127.0.0.1 and then read the server through the
/// visitor's browser, which still sends `Host: evil.example`. localhost, `*.localhost` and loopback
/// literals cannot be rebound that way.
enum HostName {
    /// The host part of a `Host` value (`name`, `name:port`, `[v6]`, `[v6]:port`; brackets removed),
    /// or nil when the value is not valid there.
    static func host(in value: some StringProtocol) -> Substring? {
        let value = Substring(value)
        let host: Substring
        let rest: Substring
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            host = value[value.index(after: value.startIndex)..<close]
            rest = value[value.index(after: close)...]
            guard !host.isEmpty, host.utf8.allSatisfy(isAddressLiteralByte) else { return nil }
        } else {
            let colon = value.firstIndex(of: ":") ?? value.endIndex
            host = value[..<colon]
            rest = value[colon...]
            guard host.utf8.allSatisfy(isRegisteredNameByte) else { return nil }
        }
        guard rest.isEmpty || (rest.hasPrefix(":") && rest.utf8.dropFirst().allSatisfy(isDigit)) else { return nil }
        return host
    }

    /// localhost, a name under `.localhost` (RFC 6761), an address in 127.0.0.0/8, or `::1` (also as
    /// the IPv4-mapped `::ffff:127.x.x.x`). Also true for a bind address such as `127.0.0.1` or `::1`.
    static func isLoopback(_ host: some StringProtocol) -> Bool {
        let name = host.lowercased()
        if name == "localhost" || (name.hasSuffix(".localhost") && name.count > ".localhost".count) { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, name, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        return bytes == Self.ipv6Loopback || (bytes.prefix(12).elementsEqual(Self.ipv4MappedPrefix) && bytes[12] == 127)
    }

    private static let ipv6Loopback: [UInt8] = Array(repeating: 0, count: 15) + [1]
    private static let ipv4MappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Hex digits, colons and dots: an IPv6 literal, possibly with an embedded IPv4 address.
    private static func isAddressLiteralByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
            || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }

    /// RFC 3986 `reg-name`: unreserved, percent-encoded and sub-delimiter characters (IPv4 too).
    private static func isRegisteredNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-._~%!$&'()*+,;=".utf8.contains(byte)
        }
    }
}
