import Foundation
import TestSupport
import Testing
@testable import RMWikiCLI

/// The preview server over real sockets, against the demo site as `serve --demo` builds it.
@Suite struct ServeHandlerTests {
    /// A demo build in a temporary folder with a secret beside the output, and with `escapingLinks`
    /// symbolic links in the output that point at it.
    private func withDemoSite<T: Sendable>(
        _ extra: [String] = [], escapingLinks: Bool = false, _ body: (ServeTestRun, URL) async throws -> T
    ) async throws -> T {
        let work = try SharedFixtures.temporaryDirectory("rmwiki-serve")
        defer { try? FileManager.default.removeItem(at: work) }
        let output = work.appendingPathComponent("site")
        try Data("TOP SECRET".utf8).write(to: work.appendingPathComponent("secret.txt"))
        let arguments = ["--demo", "--quiet", "--output", output.path, "--templates", ProjectTheme.templates.path,
                         "--public", ProjectTheme.publicFolder.path] + extra
        let (result, code) = try await ServeTestRun.with(arguments) { run in
            guard escapingLinks else { return try await body(run, output) }
            try FileManager.default.createSymbolicLink(
                atPath: output.appendingPathComponent("leak.txt").path,
                withDestinationPath: work.appendingPathComponent("secret.txt").path)
            try FileManager.default.createSymbolicLink(
                atPath: output.appendingPathComponent("escape").path, withDestinationPath: work.path)
            return try await body(run, output)
        }
        #expect(code == .success)
        return result
    }

    /// The regular files under `folder`, as relative paths.
    private static func files(in folder: URL) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }
    }

    @Test(arguments: [
        "/../secret.txt", "/../../../../etc/passwd", "/%2e%2e/secret.txt", "/%2E%2E/%2e%2e/etc/passwd",
        "/assets/..%2f..%2fsecret.txt", "/assets/%2e%2e%2f%2e%2e%2fsecret.txt", "/..\\secret.txt",
        "/assets/..%5c..%5csecret.txt", "/index.html%00.css", "//etc/passwd", "/%2fetc%2fpasswd",
        "/leak.txt", "/escape/secret.txt", "/escape/", "/./../secret.txt", "/characters/../../secret.txt",
    ])
    func nothingOutsideTheOutputIsServed(target: String) async throws {
        try await withDemoSite(escapingLinks: true) { run, _ in
            let response = try await run.get(target)
            #expect([400, 404].contains(response.status), "\(target) → \(response.status)")
            #expect(!response.text.contains("TOP SECRET"))
            #expect(!response.text.contains("root:"))
        }
    }

    /// A preview keeps nothing offline: its `sw.js` (at the base URL too) is a worker that deletes what an earlier
    /// one stored and unregisters itself, never the site's caching worker, and it is never cached itself.
    @Test(arguments: [[], ["--base-url", "/wiki/"]])
    func thePreviewsWorkerRemovesItself(extra: [String]) async throws {
        try await withDemoSite(extra) { run, output in
            let published = try String(contentsOf: output.appendingPathComponent("sw.js"), encoding: .utf8)
            #expect(published.contains("addEventListener(\"fetch\""), "the built site has the caching worker")
            let response = try await run.get(extra.isEmpty ? "/sw.js" : "/wiki/sw.js")
            #expect(response.status == 200)
            #expect(response.headers["Cache-Control"] == "no-store")
            #expect(response.text.contains("registration.unregister()"))
            #expect(!response.text.contains("addEventListener(\"fetch\""))
        }
    }

    @Test func missingPagesGetTheSitesNotFoundPage() async throws {
        try await withDemoSite { run, output in
            let response = try await run.get("/no/such/page/")
            #expect(response.status == 404)
            #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
            let page = try String(contentsOf: output.appendingPathComponent("404.html"), encoding: .utf8)
            let expected = String(decoding: LiveReloadScript.inject(into: Array(page.utf8), generation: "x"), as: UTF8.self)
            #expect(response.text.replacingOccurrences(of: #"data-generation="[0-9.]+""#, with: #"data-generation="x""#,
                                                       options: .regularExpression) == expected)
        }
    }

    @Test func headAnnouncesTheLengthAndTagOfGet() async throws {
        try await withDemoSite { run, _ in
            for target in ["/", "/characters/1/", "/assets/site.css"] {
                let get = try await run.get(target)
                let head = try await run.get(target, method: "HEAD")
                #expect(head.status == 200)
                #expect(head.body.count == 0)
                #expect(head.headers["Content-Length"] == String(get.body.count), "\(target)")
                #expect(head.headers["ETag"] == get.headers["ETag"], "\(target)")
                #expect(head.headers["Content-Type"] == get.headers["Content-Type"])
            }
        }
    }

    @Test func revalidationAnswersNotModified() async throws {
        try await withDemoSite { run, _ in
            for target in ["/", "/characters/1/", "/assets/site.css", "/search/index.json", LiveReloadScript.scriptPath] {
                let first = try await run.get(target)
                let tag = try #require(first.headers["ETag"], "\(target)")
                let again = try await run.get(target, headers: ["If-None-Match: \(tag)"])
                #expect(again.status == 304, "\(target)")
                #expect(again.body.count == 0)
                #expect(again.headers["ETag"] == tag)
                let stale = try await run.get(target, headers: ["If-None-Match: \"stale\""])
                #expect(stale.status == 200)
                #expect(stale.text == first.text)
            }
        }
    }

    @Test func theReloadScriptGoesIntoHTMLOnlyAndNeverOntoDisk() async throws {
        try await withDemoSite { run, output in
            let home = try await run.get("/")
            let marker = "<script src=\"\(LiveReloadScript.scriptPath)\" data-generation="
            #expect(home.text.components(separatedBy: marker).count == 2, "exactly one tag")
            #expect(home.text.range(of: marker)?.lowerBound ?? home.text.endIndex < home.text.range(of: "</body>")?.lowerBound ?? home.text.startIndex)
            for (target, file) in [("/assets/site.css", "assets/site.css"), ("/assets/search.js", "assets/search.js"),
                                   ("/search/index.json", "search/index.json"), ("/sitemap.xml", "sitemap.xml")] {
                let response = try await run.get(target)
                #expect(response.status == 200)
                let onDisk = try Data(contentsOf: output.appendingPathComponent(file))
                #expect(response.body.count == onDisk.count && Data(response.body) == onDisk, "\(target) as on disk")
            }
            for file in try Self.files(in: output) where file.hasSuffix(".html") {
                #expect(!(try String(contentsOf: output.appendingPathComponent(file), encoding: .utf8)).contains("__rmwiki"), "\(file)")
            }
            let script = try await run.get(LiveReloadScript.scriptPath)
            #expect(script.headers["Content-Type"] == "text/javascript; charset=utf-8")
            #expect(script.text == LiveReloadScript.source)
        }
    }

    @Test func largePagesGetTheTagUpToTheLimitAndAreServedAsTheyAreBeyondIt() async throws {
        let filler = String(repeating: "<p>Wubba lubba dub dub</p>\n", count: 8_000)
        try await withDemoSite { run, output in
            let marker = "<script src=\"\(LiveReloadScript.scriptPath)\" data-generation="
            let onDisk = { (name: String, size: Int) throws -> Data in
                let page = Data(("<!DOCTYPE html>\n<html><body>\n" + String(repeating: filler, count: size / filler.utf8.count + 1)
                    + "</body></html>\n").utf8)
                try page.write(to: output.appendingPathComponent(name))
                return page
            }
            // Larger than one chunk of a file, so read in chunks, yet under the limit.
            let page = try onDisk("long.html", 600 * 1024)
            let long = try await run.get("/long.html")
            #expect(long.text.components(separatedBy: marker).count == 2, "exactly one tag")
            #expect(long.body.count > page.count)
            let longHead = try await run.get("/long.html", method: "HEAD")
            #expect(longHead.headers["Content-Length"] == String(long.body.count))
            #expect(longHead.headers["ETag"] == long.headers["ETag"])
            let longAgain = try await run.get("/long.html", headers: ["If-None-Match: \(long.headers["ETag"] ?? "")"])
            #expect(longAgain.status == 304)

            let huge = try onDisk("huge.html", ServeHandler.injectionLimit + 1)
            let served = try await run.get("/huge.html")
            #expect(served.status == 200)
            #expect(Data(served.body) == huge, "served as on disk")
            let tag = try #require(served.headers["ETag"])
            let hugeHead = try await run.get("/huge.html", method: "HEAD")
            #expect(hugeHead.headers["Content-Length"] == String(huge.count))
            #expect(hugeHead.headers["ETag"] == tag)
            let hugeAgain = try await run.get("/huge.html", headers: ["If-None-Match: \(tag)"])
            #expect(hugeAgain.status == 304)
        }
    }

    @Test func everyFileTypeOfTheSiteHasItsContentType() async throws {
        try await withDemoSite { run, output in
            let expected = ["html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
                            "js": "text/javascript; charset=utf-8", "json": "application/json",
                            "xml": "application/xml", "txt": "text/plain; charset=utf-8", "svg": "image/svg+xml",
                            "png": "image/png", "jpeg": "image/jpeg", "webmanifest": "application/manifest+json"]
            var seen = Set<String>()
            for file in try Self.files(in: output) {
                let fileExtension = (file as NSString).pathExtension
                guard seen.insert(fileExtension).inserted else { continue }
                let wanted = try #require(expected[fileExtension], "a type for .\(fileExtension)")
                let relative = "/" + file
                let response = try await run.get(relative, method: "HEAD")
                #expect(response.status == 200, "\(relative)")
                #expect(response.headers["Content-Type"] == wanted, "\(relative)")
            }
            #expect(seen.isSuperset(of: ["html", "css", "js", "json", "xml", "txt", "svg"]), "\(seen)")
        }
    }

    @Test func otherMethodsAreRefused() async throws {
        try await withDemoSite { run, _ in
            for (method, target) in [("POST", "/"), ("PUT", "/assets/site.css"), ("DELETE", LiveReloadScript.eventsPath)] {
                let response = try await run.get(target, method: method, headers: ["Content-Length: 0"])
                #expect(response.status == 405, "\(method) \(target)")
                #expect(response.headers["Allow"] == "GET, HEAD")
            }
        }
    }

    @Test func connectionsStayOpenAndAMalformedRequestHurtsNoOne() async throws {
        try await withDemoSite { run, _ in
            let port = run.port
            let statuses = try await ServeTestSocket.run {
                let socket = try ServeTestSocket(port: port)
                try socket.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\nGET /assets/site.css HTTP/1.1\r\nHost: localhost\r\n\r\n")
                let first = try socket.readResponse()
                let second = try socket.readResponse()
                let broken = try ServeTestSocket(port: port)
                try broken.send("GARBAGE\r\n\r\n")
                let refused = try broken.readResponse()
                return [first.status, second.status, refused.status]
            }
            #expect(statuses == [200, 200, 400])
            #expect(try await run.get("/").status == 200)
        }
    }

    /// A page from another site whose name was rebound to 127.0.0.1 must not read the preview.
    @Test func thePreviewAnswersOnlyLoopbackHostNames() async throws {
        try await withDemoSite { run, _ in
            let port = run.port
            for target in ["/", LiveReloadScript.eventsPath] {
                let foreign = try await ServeTestSocket.exchange(port: port, "GET \(target) HTTP/1.1\r\nHost: evil.example:\(port)\r\n\r\n")
                #expect(foreign.status == 421, "\(target)")
                #expect(foreign.text.contains("DNS rebinding"))
            }
            for host in ["localhost:\(port)", "127.0.0.1:\(port)"] {
                let page = try await ServeTestSocket.exchange(port: port, "GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
                #expect(page.status == 200, "\(host)")
            }
            let missing = try await ServeTestSocket.exchange(port: port, "GET / HTTP/1.1\r\n\r\n")
            #expect(missing.status == 400)
        }
    }

    @Test func oversizedRequestsAreRefused() async throws {
        try await withDemoSite { run, _ in
            let longTarget = try await run.get("/" + String(repeating: "a", count: 9000))
            #expect(longTarget.status == 414)
            let bigHeader = try await run.get("/", headers: ["X-Filler: " + String(repeating: "b", count: 17000)])
            #expect(bigHeader.status == 431)
            let afterwards = try await run.get("/")
            #expect(afterwards.status == 200)
        }
    }

    @Test func directoriesWithoutASlashRedirect() async throws {
        try await withDemoSite { run, _ in
            let response = try await run.get("/characters?page=2")
            #expect(response.status == 301)
            #expect(response.headers["Location"] == "/characters/?page=2")
        }
    }

    @Test func aSiteForASubFolderIsServedUnderIt() async throws {
        try await withDemoSite(["--base-url", "/wiki/"]) { run, _ in
            #expect(run.url.absoluteString == "http://127.0.0.1:\(run.port)/wiki/")
            let root = try await run.get("/")
            #expect(root.status == 302)
            #expect(root.headers["Location"] == "/wiki/")
            let home = try await run.get("/wiki/")
            #expect(home.status == 200)
            #expect(home.text.contains("href=\"/wiki/assets/site.css\""))
            #expect(try await run.get("/wiki/assets/site.css").status == 200)
            let folder = try await run.get("/wiki/characters")
            #expect(folder.status == 301)
            #expect(folder.headers["Location"] == "/wiki/characters/")
            #expect(try await run.get("/wiki/../secret.txt").status == 400)
        }
    }

    @Test func theEventStreamStartsWithTheBuildState() async throws {
        try await withDemoSite { run, _ in
            let port = run.port
            let (head, hello) = try await ServeTestSocket.run {
                let socket = try ServeTestSocket(port: port)
                try socket.send("GET \(LiveReloadScript.eventsPath) HTTP/1.1\r\nHost: localhost\r\n\r\n")
                return (try socket.readHead(), try socket.readEvent())
            }
            #expect(head.status == 200)
            #expect(head.headers["Content-Type"] == "text/event-stream")
            #expect(hello.contains("event: hello\ndata: {\"generation\":\""), "\(hello)")
        }
    }
}
