import Foundation

/// A host named with `--image-host HOST[:PORT]`: pictures on it may be downloaded over http or https, on the
/// given port or, without one, on the scheme's default port.
package struct ImageHost: Sendable, Equatable, CustomStringConvertible {
    let host: String
    let port: Int?

    /// Nil when `text` is not a bare host name or address with an optional port from 1 to 65535 (no scheme, path or user).
    package init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.contains("/"), !trimmed.contains("@"),
              let url = URL(string: "http://" + trimmed), let host = url.host, !host.isEmpty,
              url.path.isEmpty, url.query == nil, url.fragment == nil, !trimmed.hasSuffix(":"),
              url.port.map({ (1...65535).contains($0) }) ?? true
        else { return nil }
        self.host = host.lowercased()
        port = url.port
    }

    package var description: String { port.map { "\(host):\($0)" } ?? host }
}

/// Where avatars may be downloaded from: the API's own origin (scheme, host and port of `--api`) and the hosts
/// named with `--image-host`. A record's `image` is data from the network; without this check it could make
/// rmwiki send requests to any host the data names (an internal service, a cloud metadata address).
struct ImageHosts: Sendable, Equatable {
    let api: URL
    let allowed: [ImageHost]

    init(api: URL, allowed: [ImageHost]) {
        self.api = api
        self.allowed = allowed
    }

    func allows(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), let host = url.host?.lowercased()
        else { return false }
        if Self.origin(of: url) == Self.origin(of: api) { return true }
        let port = url.port ?? Self.defaultPort(scheme)
        return allowed.contains { $0.host == host && ($0.port ?? Self.defaultPort(scheme)) == port }
    }

    /// Scheme, host and effective port, compared without case.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        return "\(scheme)://\(host):\(url.port ?? defaultPort(scheme))"
    }

    /// `host` or `host:port` as the URL gives them, for messages.
    static func hostAndPort(_ url: URL) -> String? {
        url.host.map { host in url.port.map { "\(host):\($0)" } ?? host }
    }

    static func defaultPort(_ scheme: String) -> Int {
        scheme == "https" ? 443 : 80
    }
}
