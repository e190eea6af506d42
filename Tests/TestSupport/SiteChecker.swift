import Foundation
import Primitives

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
        FolderWalk.entries(under: root.path, skippingHidden: false).compactMap { entry in
            switch entry.kind {
            case .file: return entry.path
            // What a link to it would get: the file it points at, if any.
            case .symlink: return isFile(entry.path) ? entry.path : nil
            case .folder, .other: return nil
            }
        }.sorted()
    }

    private func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory)
            && !isDirectory.boolValue
    }

    /// The `href`, `src` and `action` values of one page (double-quoted, as the templates write them; `data-src`
    /// too), entities decoded: what `\b(href|src|action)\s*=\s*"([^"]*)"` matches. Found from each `=` (`memchr`),
    /// looking back for the name and on for the quotes: the tests are compiled unoptimised, where a regular expression
    /// or a loop over every byte of a full site's 7,000 pages was most of the CPU of each test that checks one.
    package static func references(in html: String) -> [(attribute: String, value: String)] {
        var result: [(attribute: String, value: String)] = []
        var text = html
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            let count = bytes.count
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
            var from = 0
            while from < count, let found = memchr(base + from, Int32(UInt8(ascii: "=")), count - from) {
                let equals = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                from = equals + 1
                var nameEnd = equals
                while nameEnd > 0 && isSpace(base[nameEnd - 1]) { nameEnd -= 1 }
                guard let name = attributeNames.first(where: { name in
                    name.count <= nameEnd && memcmp(base + nameEnd - name.count, name, name.count) == 0
                        && (nameEnd == name.count || !isWordByte(base[nameEnd - name.count - 1]))
                }) else { continue }
                var quote = equals + 1
                while quote < count && isSpace(base[quote]) { quote += 1 }
                guard quote < count, base[quote] == UInt8(ascii: "\"") else { continue }
                let start = quote + 1
                guard start < count, let closing = memchr(base + start, Int32(UInt8(ascii: "\"")), count - start) else { continue }
                let close = base.distance(to: closing.assumingMemoryBound(to: UInt8.self))
                result.append((String(decoding: name, as: UTF8.self),
                               decodeEntities(String(decoding: UnsafeBufferPointer(start: base + start, count: close - start), as: UTF8.self))))
                from = close + 1
            }
        }
        return result
    }

    private static let attributeNames = ["href", "src", "action"].map { Array($0.utf8) }

    /// Letters, digits, "_" and any byte of a non-ASCII character: a name must not follow one.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    static func decodeEntities(_ text: String) -> String {
        text.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&quot;", with: "\"")
    }

    package func problems() throws -> [Problem] {
        let files = try files()
        let known = Set(files)
        var problems: [Problem] = []
        for page in files where page.hasSuffix(".html") {
            let html = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            for (attribute, value) in Self.references(in: html) {
                if let problem = check(value, attribute: attribute, page: page, files: known) { problems.append(problem) }
            }
        }
        return problems
    }

    /// `files`: the site's files, which answer for nearly every link without a `stat` each (the file system still
    /// answers for a path they do not hold as written).
    private func check(_ value: String, attribute: String, page: String, files: Set<String>) -> Problem? {
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
        if !files.contains(path) && !isFile(path) {
            return Problem(page: page, reference: value, reason: "no such file (\(path))")
        }
        return nil
    }
}
