import Foundation

/// Walks a built site and checks what a visitor's browser would: every internal link and image
/// resolves to a file, and nothing is loaded from another host.
package struct SiteChecker {
    package let root: URL
    package let basePath: String

    package init(root: URL, basePath: String = "/") {
        self.root = root
        self.basePath = basePath
    }

    package struct Problem: CustomStringConvertible, Equatable {
        package let page: String
        package let reference: String
        package let reason: String
        package var description: String { "\(page): \(reference): \(reason)" }
    }

    /// All `.html` files, relative to the root, sorted.
    package func pages() throws -> [String] {
        try files().filter { $0.hasSuffix(".html") }
    }

    package func files() throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var result: [String] = []
        while let path = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory),
               !isDirectory.boolValue {
                result.append(path)
            }
        }
        return result.sorted()
    }

    /// `href`, `src` and `content` (Open Graph) values, and `url(…)` in inline styles, of one page.
    package static func references(in html: String) -> [(attribute: String, value: String)] {
        let pattern = #"\b(href|src|action)\s*=\s*"([^"]*)""#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(html.startIndex..., in: html)
        return expression.matches(in: html, range: range).compactMap { match in
            guard let attribute = Range(match.range(at: 1), in: html), let value = Range(match.range(at: 2), in: html)
            else { return nil }
            return (String(html[attribute]), decodeEntities(String(html[value])))
        }
    }

    static func decodeEntities(_ text: String) -> String {
        text.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&quot;", with: "\"")
    }

    package func problems() throws -> [Problem] {
        var problems: [Problem] = []
        for page in try pages() {
            let html = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            for (attribute, value) in Self.references(in: html) {
                if let problem = check(value, attribute: attribute, page: page) { problems.append(problem) }
            }
        }
        return problems
    }

    func check(_ value: String, attribute: String, page: String) -> Problem? {
        let lower = value.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("//") {
            return Problem(page: page, reference: value, reason: "points at another host")
        }
        if lower.hasPrefix("javascript:") || lower.hasPrefix("data:") {
            return Problem(page: page, reference: value, reason: "script or data URL")
        }
        if value.hasPrefix("#") || value.isEmpty { return nil }
        guard value.hasPrefix(basePath) else {
            return Problem(page: page, reference: value, reason: "not under the base path \(basePath)")
        }
        var path = String(value.dropFirst(basePath.count))
        if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = String(path[..<cut]) }
        path = path.removingPercentEncoding ?? path
        if path.isEmpty || path.hasSuffix("/") { path += "index.html" }
        if path.contains("..") { return Problem(page: page, reference: value, reason: "climbs out of the site") }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory)
        if !exists || isDirectory.boolValue {
            return Problem(page: page, reference: value, reason: "no such file (\(path))")
        }
        return nil
    }
}
