import Foundation
import HTTPServer
import Primitives

/// Answers the preview's requests: the live-reload script and event stream from memory, everything else
/// from the output folder through `StaticFileHandler` (which confines paths to it), with the reload tag
/// put into HTML answers on the way out.
///
/// A site built for a sub-folder (`--base-url /wiki/`) is served under that path, so its links work.
struct ServeHandler: HTTPHandler {
    let files: StaticFileHandler
    let channel: LiveReloadChannel
    let basePath: String

    init(output: URL, channel: LiveReloadChannel, basePath: String = "/") {
        files = StaticFileHandler(root: output)
        self.channel = channel
        self.basePath = basePath
    }

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        switch request.path {
        case LiveReloadScript.scriptPath, LiveReloadScript.eventsPath:
            guard request.method == "GET" || request.method == "HEAD" else {
                return .status(405, headers: ["Allow": "GET, HEAD"])
            }
            return request.path == LiveReloadScript.eventsPath ? channel.subscribe() : script(request)
        case basePath + "sw.js":
            return previewWorker(request)
        case "/" where basePath != "/", String(basePath.dropLast()) where basePath != "/":
            return .status(302, headers: ["Location": basePath])
        default:
            let mounted = mount(request)
            var response = await files.handle(mounted)
            if response.status == 301, let location = response.headers["Location"], mounted.path != request.path {
                response.headers["Location"] = String(basePath.dropLast()) + location
            }
            return await withLiveReload(response, request: mounted)
        }
    }

    /// The request as the output folder sees it: the base path taken off when it is there.
    private func mount(_ request: HTTPRequest) -> HTTPRequest {
        guard basePath != "/", request.path.hasPrefix(basePath), request.target.hasPrefix(basePath) else { return request }
        var mounted = request
        mounted.path = String(request.path.dropFirst(basePath.count - 1))
        mounted.target = String(request.target.dropFirst(basePath.count - 1))
        return mounted
    }

    private func script(_ request: HTTPRequest) -> HTTPResponse {
        let headers: HTTPHeaders = [
            "Content-Type": "text/javascript; charset=utf-8",
            "ETag": Self.scriptTag,
            "Cache-Control": "no-cache",
        ]
        if let condition = request.headers["If-None-Match"], EntityTag.matches(condition, Self.scriptTag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        return HTTPResponse(headers: headers, body: .bytes(LiveReloadScript.bytes))
    }

    /// A preview keeps nothing offline: pages do not register the site's worker while the live-reload tag is
    /// in them, and a worker a browser installed earlier at this address (a built site served here before)
    /// is answered with one that deletes what it stored and unregisters itself, so edits show at once.
    private func previewWorker(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .status(405, headers: ["Allow": "GET, HEAD"])
        }
        let headers: HTTPHeaders = ["Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store"]
        return HTTPResponse(headers: headers, body: .bytes(Array(Self.previewWorkerSource.utf8)))
    }

    static let previewWorkerSource = """
        self.addEventListener("install", function () { self.skipWaiting(); });
        self.addEventListener("activate", function (event) {
          event.waitUntil(caches.keys().then(function (names) {
            return Promise.all(names.filter(function (name) { return name.indexOf("rmwiki-") === 0; })
              .map(function (name) { return caches.delete(name); }));
          }).then(function () { return self.registration.unregister(); }));
        });

        """

    private static let scriptTag = "\"live-reload-\(String(LiveReloadScript.bytes.count, radix: 16))\""

    /// The largest page that gets the reload tag. Injecting needs the whole page in memory, once per
    /// connection until sent, so larger pages (none the site makes comes near) are served as they are.
    static let injectionLimit = 1024 * 1024

    /// HTML answers get the reload tag, and an ETag that also names the build generation, since the tag
    /// (and so the bytes sent) changes with it. Other answers pass through untouched.
    private func withLiveReload(_ response: HTTPResponse, request: HTTPRequest) async -> HTTPResponse {
        guard Self.isHTML(response) else { return missingPageDuringFailure(response) }
        var answer = response
        if request.method == "HEAD" || response.status == 304 {
            // The file handler answered without the page (HEAD), or matched the file's own tag, which this
            // server hands out only for pages too large to inject; the length and tag of the injected page
            // need the page itself.
            var plain = request
            plain.method = "GET"
            plain.headers.remove("If-None-Match")
            answer = await files.handle(plain)
            guard Self.isHTML(answer) else { return answer }
        }
        let page: [UInt8]
        do {
            guard let whole = try await answer.body.bytes(upTo: Self.injectionLimit) else { return response }
            page = whole
        } catch {
            return .status(500, explanation: "The page changed while it was read; reload it.")
        }
        let generation = channel.generation
        answer.body = .bytes(LiveReloadScript.inject(into: page, generation: generation))
        if let fileTag = answer.headers["ETag"] {
            let tag = ServeEntityTag.tag(fileTag, generation: generation)
            answer.headers["ETag"] = tag
            if answer.status == 200, let condition = request.headers["If-None-Match"], EntityTag.matches(condition, tag) {
                return HTTPResponse(status: 304, headers: answer.headers)
            }
        }
        return answer
    }

    /// When the first build failed there may be no site and no 404 page at all; then the error is the
    /// page, so the browser shows it (and reloads once the build is fixed).
    private func missingPageDuringFailure(_ response: HTTPResponse) -> HTTPResponse {
        guard response.status == 404, let error = channel.error else { return response }
        let page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>Build failed</title></head>\n"
            + "<body>\n<h1>The site did not build</h1>\n<pre>\(XMLText.escape(error))</pre>\n</body>\n</html>\n"
        let bytes = LiveReloadScript.inject(into: Array(page.utf8), generation: channel.generation)
        return HTTPResponse(status: 404, contentType: "text/html; charset=utf-8", bytes: bytes, headers: ["Cache-Control": "no-cache"])
    }

    private static func isHTML(_ response: HTTPResponse) -> Bool {
        response.headers["Content-Type"]?.hasPrefix("text/html") ?? false
    }
}

/// ETags for pages changed on the way out (the live-reload script), so a rebuilt page never looks unchanged.
enum ServeEntityTag {
    /// The file's tag extended with the build generation, still one quoted opaque tag.
    static func tag(_ fileTag: String, generation: String) -> String {
        let weak = fileTag.hasPrefix("W/")
        let opaque = weak ? fileTag.dropFirst(2) : Substring(fileTag)
        let inner = opaque.hasPrefix("\"") && opaque.hasSuffix("\"") && opaque.count >= 2
            ? opaque.dropFirst().dropLast() : opaque
        return (weak ? "W/" : "") + "\"\(inner)-lr\(generation)\""
    }
}
