import Foundation

/// Where the site will live. Links are rooted at `basePath` so pages work on any static server, in a
/// sub-folder too, and at any depth (the 404 page is served for every missing path).
package struct SiteConfiguration: Sendable, Equatable {
    /// Where this locale's pages start; always starts and ends with `/`, e.g. `/`, `/wiki/` or `/wiki/fr/`.
    package let basePath: String
    /// Where the whole site starts: shared files (stylesheet, scripts, pictures, sitemap) live here once for all locales.
    package let rootPath: String
    /// `https://example.org` when `--base-url` named a host; sitemap, feed and Open Graph URLs then become absolute.
    package let origin: String?
    /// Whether pages register the service worker (offline reading, install). Off, `sw.js` is still published,
    /// as a worker that removes itself and what it stored: a worker installed earlier checks that URL for its
    /// successor, and must find one.
    package var serviceWorker = true

    /// Accepts `/`, `/wiki`, `wiki/`, `https://example.org/wiki/` and the like.
    package init(baseURL: String = "/") throws(SiteConfigurationError) {
        var rest = Substring(baseURL.trimmingCharacters(in: .whitespaces))
        var origin: String?
        if let schemeEnd = rest.range(of: "://") {
            let scheme = rest[..<schemeEnd.lowerBound].lowercased()
            guard scheme == "http" || scheme == "https" else { throw .invalidBaseURL(baseURL) }
            let afterScheme = rest[schemeEnd.upperBound...]
            let hostEnd = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
            let host = afterScheme[..<hostEnd]
            // Only what a host (and port, or bracketed IPv6 address) is made of: the origin is written into
            // robots.txt, the sitemap and feeds, where a space or a line break would start new content.
            guard !host.isEmpty, host.unicodeScalars.allSatisfy({ scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-:[]".unicodeScalars.contains(scalar)
            }), Self.hasValidPort(host) else { throw .invalidBaseURL(baseURL) }
            origin = "\(scheme)://\(host)"
            rest = afterScheme[hostEnd...]
        }
        // A path of plain segments only: no scheme (`javascript:`), no second slash in front (`//host/` names
        // another host), no percent-escapes (`%2e%2e` is `..` to a server). Rewriting such a value silently
        // would publish links that point somewhere the user did not mean.
        guard !(origin == nil && rest.hasPrefix("//")),
              rest.unicodeScalars.allSatisfy({ $0.isASCII && (Self.pathCharacters.contains($0)) })
        else { throw .invalidBaseURL(baseURL) }
        let segments = rest.split(separator: "/").filter { !$0.isEmpty }
        guard !segments.contains(where: { $0 == "." || $0 == ".." }) else { throw .invalidBaseURL(baseURL) }
        basePath = segments.isEmpty ? "/" : "/" + segments.joined(separator: "/") + "/"
        rootPath = basePath
        self.origin = origin
    }

    /// A port, when the host has one, is 1 to 65535: an origin a browser cannot reach is no origin. A colon
    /// outside brackets separates the port, so an unbracketed IPv6 address is refused too.
    private static func hasValidPort(_ host: Substring) -> Bool {
        var rest = host
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return false }
            rest = rest[rest.index(after: close)...]
            if rest.isEmpty { return true }
            guard rest.hasPrefix(":") else { return false }
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return !rest.contains("[") && !rest.contains("]") }
        guard parts.count == 2, !parts[1].isEmpty, parts[1].allSatisfy(\.isASCII), let port = Int(parts[1]) else { return false }
        return (1...65535).contains(port)
    }

    private static let pathCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")

    private init(basePath: String, rootPath: String, origin: String?, serviceWorker: Bool) {
        self.basePath = basePath
        self.rootPath = rootPath
        self.origin = origin
        self.serviceWorker = serviceWorker
    }

    /// The same site with its pages in a sub-folder (`fr/`) for another locale; shared files stay at the root.
    func localized(folder: String) -> SiteConfiguration {
        SiteConfiguration(
            basePath: folder.isEmpty ? rootPath : rootPath + folder + "/", rootPath: rootPath, origin: origin,
            serviceWorker: serviceWorker)
    }

    /// The link for a file shared by every locale, such as `assets/site.css`.
    func sharedLink(_ relativePath: String) -> String { rootPath + relativePath }

    package func absoluteSharedLink(_ relativePath: String) -> String { (origin ?? "") + sharedLink(relativePath) }

    /// The link for a site-relative path such as `characters/1/`.
    package func link(_ relativePath: String) -> String { basePath + relativePath }

    /// An absolute URL when the origin is known, otherwise the rooted link.
    package func absoluteLink(_ relativePath: String) -> String { (origin ?? "") + link(relativePath) }
}

package enum SiteConfigurationError: Error, CustomStringConvertible, Equatable {
    case invalidBaseURL(String)

    package var description: String {
        switch self {
        case .invalidBaseURL(let value):
            "invalid --base-url '\(value)': give a path of letters, digits, - . _ ~ and / such as /wiki/, or an http(s) URL "
                + "such as https://example.org/wiki/"
        }
    }
}
