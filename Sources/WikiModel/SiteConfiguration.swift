import Foundation

/// Where the site will live. Links are rooted at `basePath` so pages work on any static server, in a
/// sub-folder too, and at any depth (the 404 page is served for every missing path).
public struct SiteConfiguration: Sendable, Equatable {
    /// Always starts and ends with `/`, e.g. `/` or `/wiki/`.
    public let basePath: String
    /// `https://example.org` when `--base-url` named a host; sitemap, feed and Open Graph URLs then become absolute.
    public let origin: String?
    public let siteName: String

    /// Accepts `/`, `/wiki`, `wiki/`, `https://example.org/wiki/` and the like.
    public init(baseURL: String = "/", siteName: String = "Rick and Morty Wiki") throws(SiteConfigurationError) {
        var rest = Substring(baseURL.trimmingCharacters(in: .whitespaces))
        var origin: String?
        if let schemeEnd = rest.range(of: "://") {
            let scheme = rest[..<schemeEnd.lowerBound].lowercased()
            guard scheme == "http" || scheme == "https" else { throw .invalidBaseURL(baseURL) }
            let afterScheme = rest[schemeEnd.upperBound...]
            let hostEnd = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
            let host = afterScheme[..<hostEnd]
            guard !host.isEmpty else { throw .invalidBaseURL(baseURL) }
            origin = "\(scheme)://\(host)"
            rest = afterScheme[hostEnd...]
        }
        let forbidden: Set<Character> = ["?", "#", "\"", "'", "<", ">", "\\", " "]
        guard !rest.contains(where: { forbidden.contains($0) }) else { throw .invalidBaseURL(baseURL) }
        let segments = rest.split(separator: "/").filter { !$0.isEmpty }
        guard !segments.contains(where: { $0 == "." || $0 == ".." }) else { throw .invalidBaseURL(baseURL) }
        basePath = segments.isEmpty ? "/" : "/" + segments.joined(separator: "/") + "/"
        self.origin = origin
        self.siteName = siteName
    }

    /// The link for a site-relative path such as `characters/1/`.
    public func link(_ relativePath: String) -> String { basePath + relativePath }

    /// An absolute URL when the origin is known, otherwise the rooted link.
    public func absoluteLink(_ relativePath: String) -> String { (origin ?? "") + link(relativePath) }
}

public enum SiteConfigurationError: Error, CustomStringConvertible, Equatable {
    case invalidBaseURL(String)

    public var description: String {
        switch self {
        case .invalidBaseURL(let value):
            "invalid --base-url '\(value)': give a path such as /wiki/ or a URL such as https://example.org/wiki/"
        }
    }
}
