import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Serves a folder: GET and HEAD, `index.html` for directories, ETag revalidation, and the root's
/// `404.html` for missing files. Nothing outside the root is ever served, whatever the request says.
public struct StaticFileHandler: HTTPHandler {
    private let root: @Sendable () -> URL

    /// `root` is asked on every request, so it may change while the server runs.
    public init(root: @escaping @Sendable () -> URL) {
        self.root = root
    }

    public init(root: URL) {
        self.init { root }
    }

    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
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
            return serve(index, indexInfo, request)
        }
        guard info.isRegularFile else { return notFound(rootPath, request) }
        return serve(resolved, info, request)
    }

    private func serve(_ path: String, _ info: FileInfo, _ request: HTTPRequest, status: Int = 200) -> HTTPResponse {
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
        guard let data = FileManager.default.contents(atPath: path) else { return .status(500) }
        return HTTPResponse(status: status, headers: headers, body: .bytes(Array(data)))
    }

    private func notFound(_ rootPath: String, _ request: HTTPRequest) -> HTTPResponse {
        guard let page = ConfinedPath.resolve(["404.html"], under: rootPath), let info = FileInfo(path: page),
              info.isRegularFile else {
            return .status(404)
        }
        return serve(page, info, request, status: 404)
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
