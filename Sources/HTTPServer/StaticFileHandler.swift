import Foundation
import Primitives
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serves a folder: GET and HEAD, `index.html` for directories, ETag revalidation, and the root's
/// `404.html` for missing files. Nothing outside the root is ever served, whatever the request says.
/// Files larger than 64 KiB are sent in chunks read as the client takes them (`.sized` bodies).
package struct StaticFileHandler: HTTPHandler {
    private let root: @Sendable () -> URL

    /// `root` is asked on every request, so it may change while the server runs.
    init(root: @escaping @Sendable () -> URL) {
        self.root = root
    }

    package init(root: URL) {
        self.init { root }
    }

    package func handle(_ request: HTTPRequest) async -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .status(405, headers: ["Allow": "GET, HEAD"])
        }
        guard let segments = ConfinedPath.segments(decodedPath: request.path, rawTarget: request.target) else {
            return .status(400)
        }
        let rootPath = root().path
        guard let resolved = ConfinedPath.resolve(segments, under: rootPath), let info = FileInfo(path: resolved) else {
            return notFound(rootPath, request)
        }
        if info.isDirectory {
            guard request.path.hasSuffix("/") else {
                return .status(301, headers: ["Location": directoryLocation(segments, request)])
            }
            guard let index = ConfinedPath.resolve(segments + ["index.html"], under: rootPath),
                  let indexInfo = FileInfo(path: index), indexInfo.isRegularFile else {
                return notFound(rootPath, request)
            }
            return serve(index, request)
        }
        guard info.isRegularFile else { return notFound(rootPath, request) }
        return serve(resolved, request)
    }

    /// Files up to one chunk are read whole; larger ones are sent in chunks read as the client takes them,
    /// so a slow reader costs a bounded buffer instead of a copy of the file.
    private func serve(_ path: String, _ request: HTTPRequest, status: Int = 200) -> HTTPResponse {
        // Gone, or replaced by a folder, since the path was resolved.
        guard let file = OpenFile(path: path), file.stamp.isRegularFile else { return .status(404) }
        let info = FileInfo(file.stamp)
        var headers: HTTPHeaders = [
            "Content-Type": MediaType.forExtension((path as NSString).pathExtension),
            "ETag": info.entityTag,
            // Revalidate every time: the preview site changes under the browser.
            "Cache-Control": "no-cache",
        ]
        if status == 200, let condition = request.headers["If-None-Match"], EntityTag.matches(condition, info.entityTag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        if request.method == "HEAD" {
            headers["Content-Length"] = String(info.size)
            return HTTPResponse(status: status, headers: headers)
        }
        guard file.size > OpenFile.chunkSize else {
            guard let bytes = file.readAll() else { return .status(500) }
            return HTTPResponse(status: status, headers: headers, body: .bytes(bytes))
        }
        return HTTPResponse(status: status, headers: headers, body: file.body())
    }

    private func notFound(_ rootPath: String, _ request: HTTPRequest) -> HTTPResponse {
        guard let page = ConfinedPath.resolve(["404.html"], under: rootPath), let info = FileInfo(path: page),
              info.isRegularFile else {
            return .status(404)
        }
        return serve(page, request, status: 404)
    }

    /// Rebuilt from the checked segments rather than echoed, so `//evil.example` cannot become an
    /// off-site redirect.
    private func directoryLocation(_ segments: [String], _ request: HTTPRequest) -> String {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/;"))
        let path = segments.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }.joined(separator: "/")
        let query = request.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first
        return "/" + path + "/" + (query.map { "?" + $0 } ?? "")
    }
}

/// The `stat` facts a file server needs.
struct FileInfo {
    let isDirectory: Bool
    let isRegularFile: Bool
    let size: Int
    /// Changes whenever the file is rewritten (size or modification time), which is all a preview needs.
    let entityTag: String

    init?(path: String) {
        guard let stamp = FileStamp(path: path) else { return nil }
        self.init(stamp)
    }

    init(_ stamp: FileStamp) {
        isDirectory = stamp.isFolder
        isRegularFile = stamp.isRegularFile
        size = Int(stamp.size)
        entityTag = "\"\(String(stamp.size, radix: 16))-\(String(stamp.modified, radix: 16))-\(String(stamp.inode, radix: 16))\""
    }
}

/// Maps request paths to files that are provably inside a root folder.
enum ConfinedPath {
    /// The path's segments, or nil when the request tries anything a plain link to a file never needs:
    /// `.`/`..` segments (raw or percent-encoded), encoded slashes or backslashes, backslashes, NUL.
    static func segments(decodedPath: String, rawTarget: String) -> [String]? {
        let rawPath = rawTarget.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let lowered = rawPath.lowercased()
        guard decodedPath.hasPrefix("/"),
              !lowered.contains("%2f"), !lowered.contains("%5c"), !lowered.contains("%00"),
              !decodedPath.contains("\\"), !decodedPath.utf8.contains(0) else { return nil }
        let segments = decodedPath.split(separator: "/").map(String.init)
        guard !segments.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        return segments
    }

    /// The fully resolved path of `segments` under `root`, or nil if it does not exist or resolves
    /// (through symbolic links) outside the root.
    static func resolve(_ segments: [String], under root: String) -> String? {
        guard let realRoot = realPath(root) else { return nil }
        let candidate = ([realRoot] + segments).joined(separator: "/")
        guard let real = realPath(candidate) else { return nil }
        return real == realRoot || real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") ? real : nil
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Percent-decoding for request targets.
enum PercentDecoding {
    /// Decodes `%XX` escapes (and `+` as space when `plusIsSpace`). Returns nil on a malformed escape or
    /// when the result is not UTF-8, both of which make the request a 400.
    static func decode<S: Collection>(_ bytes: S, plusIsSpace: Bool = false) -> String? where S.Element == UInt8 {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let high = bytes.index(after: index)
                guard high != bytes.endIndex else { return nil }
                let low = bytes.index(after: high)
                guard low != bytes.endIndex, let hi = hexValue(bytes[high]), let lo = hexValue(bytes[low]) else {
                    return nil
                }
                output.append(hi << 4 | lo)
                index = bytes.index(after: low)
            } else {
                output.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index = bytes.index(after: index)
            }
        }
        return String(validating: output, as: UTF8.self)
    }

    /// Splits `a=1&b=two+words` into a dictionary; nil if any part is malformed.
    static func decodeQuery<S: Collection>(_ bytes: S) -> [String: String]? where S.Element == UInt8 {
        var query: [String: String] = [:]
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0], plusIsSpace: true) else { return nil }
            let value = parts.count > 1 ? decode(parts[1], plusIsSpace: true) : ""
            guard let value else { return nil }
            query[name] = value
        }
        return query
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
