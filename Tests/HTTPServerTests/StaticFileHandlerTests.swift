import Synchronization
import Foundation
@testable import HTTPServer
import TestSupport
import Testing

@Suite struct StaticFileHandlerTests {
    /// A site folder beside an `outside` folder holding a secret, plus links that try to escape.
    struct Fixture {
        let base: URL
        let site: URL
        let other: URL

        init() throws {
            base = try SharedFixtures.temporaryDirectory("static-files")
            site = base.appendingPathComponent("site")
            other = base.appendingPathComponent("other-site")
            let outside = base.appendingPathComponent("outside")
            let manager = FileManager.default
            for folder in [site, site.appendingPathComponent("sub"), site.appendingPathComponent("empty"), outside, other] {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try write("<h1>Home</h1>", to: site.appendingPathComponent("index.html"))
            try write("body {}", to: site.appendingPathComponent("style.css"))
            try write("<h1>Lost</h1>", to: site.appendingPathComponent("404.html"))
            try write("<h1>Sub</h1>", to: site.appendingPathComponent("sub/index.html"))
            try write("{\"a\":1}", to: site.appendingPathComponent("sub/data.json"))
            try write("TOP SECRET", to: outside.appendingPathComponent("secret.txt"))
            try write("<h1>Other</h1>", to: other.appendingPathComponent("index.html"))
            try manager.createSymbolicLink(atPath: site.appendingPathComponent("escape").path, withDestinationPath: outside.path)
            try manager.createSymbolicLink(atPath: site.appendingPathComponent("leak.txt").path,
                                           withDestinationPath: outside.appendingPathComponent("secret.txt").path)
            try manager.createSymbolicLink(atPath: site.appendingPathComponent("relative-leak.txt").path,
                                           withDestinationPath: "../outside/secret.txt")
            try manager.createSymbolicLink(atPath: site.appendingPathComponent("alias.css").path, withDestinationPath: "style.css")
        }

        func write(_ text: String, to url: URL) throws {
            try Data(text.utf8).write(to: url)
        }

        func remove() { try? FileManager.default.removeItem(at: base) }
    }

    private func withSite<T: Sendable>(_ body: (Fixture, Int) async throws -> T) async throws -> T {
        let fixture = try Fixture()
        defer { fixture.remove() }
        return try await withServer(handler: StaticFileHandler(root: fixture.site)) { port in
            try await body(fixture, port)
        }
    }

    private func get(_ port: Int, _ target: String, method: String = "GET", headers: String = "") async throws -> RawSocket.Response {
        try await onThread {
            try RawSocket.exchange(port: port, "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n\(headers)\r\n", bodyExpected: method != "HEAD")
        }
    }

    @Test func servesFilesWithTypesAndLengths() async throws {
        try await withSite { _, port in
            let home = try await get(port, "/")
            #expect(home.status == 200)
            #expect(home.text == "<h1>Home</h1>")
            #expect(home.headers["Content-Type"] == "text/html; charset=utf-8")
            #expect(home.headers["Content-Length"] == "13")
            let css = try await get(port, "/style.css")
            #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
            let json = try await get(port, "/sub/data.json?cache=bust")
            #expect(json.headers["Content-Type"] == "application/json")
            #expect(json.text == "{\"a\":1}")
            let linkedInside = try await get(port, "/alias.css")
            #expect(linkedInside.text == "body {}")
        }
    }

    @Test func headHasLengthButNoBody() async throws {
        try await withSite { _, port in
            let response = try await get(port, "/style.css", method: "HEAD")
            #expect(response.status == 200)
            #expect(response.headers["Content-Length"] == "7")
            #expect(response.headers["ETag"] != nil)
            #expect(response.body.isEmpty)
        }
    }

    @Test func matchingETagGives304() async throws {
        try await withSite { _, port in
            let first = try await get(port, "/style.css")
            let tag = try #require(first.headers["ETag"])
            let revalidated = try await get(port, "/style.css", headers: "If-None-Match: \"nope\", \(tag)\r\n")
            #expect(revalidated.status == 304)
            #expect(revalidated.body.isEmpty)
            #expect(revalidated.headers["ETag"] == tag)
            let stale = try await get(port, "/style.css", headers: "If-None-Match: \"nope\"\r\n")
            #expect(stale.status == 200)
        }
    }

    @Test func directoriesServeIndexAndRedirectWithoutSlash() async throws {
        try await withSite { _, port in
            let sub = try await get(port, "/sub/")
            #expect(sub.text == "<h1>Sub</h1>")
            let redirect = try await get(port, "/sub?x=1")
            #expect(redirect.status == 301)
            #expect(redirect.headers["Location"] == "/sub/?x=1")
            let doubleSlash = try await get(port, "//sub")
            #expect(doubleSlash.headers["Location"] == "/sub/")
            let noIndex = try await get(port, "/empty/")
            #expect(noIndex.status == 404)
        }
    }

    @Test func missingFilesGetTheSite404Page() async throws {
        try await withSite { _, port in
            let response = try await get(port, "/no/such/page.html")
            #expect(response.status == 404)
            #expect(response.text == "<h1>Lost</h1>")
            #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        }
    }

    @Test func missingFilesGetPlain404WithoutA404Page() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try FileManager.default.removeItem(at: fixture.site.appendingPathComponent("404.html"))
        try await withServer(handler: StaticFileHandler(root: fixture.site)) { port in
            let response = try await get(port, "/nothing")
            #expect(response.status == 404)
            #expect(response.text.hasPrefix("404"))
        }
    }

    @Test func otherMethodsGet405WithAllow() async throws {
        try await withSite { _, port in
            for method in ["POST", "PUT", "DELETE", "OPTIONS"] {
                let response = try await get(port, "/index.html", method: method)
                #expect(response.status == 405)
                #expect(response.headers["Allow"] == "GET, HEAD")
            }
        }
    }

    @Test(arguments: [
        "/../outside/secret.txt",
        "/sub/../../outside/secret.txt",
        "/%2e%2e/outside/secret.txt",
        "/%2E%2E/outside/secret.txt",
        "/.%2e/outside/secret.txt",
        "/..%2foutside%2fsecret.txt",
        "/sub/..%2F..%2Foutside/secret.txt",
        "/%2e%2e%2f%2e%2e%2foutside%2fsecret.txt",
        "/..\\outside\\secret.txt",
        "/sub\\..\\..\\outside\\secret.txt",
        "/..%5coutside%5csecret.txt",
        "/style.css%00.png",
        "/%00/../outside/secret.txt",
        "//etc/passwd",
        "/%2fetc%2fpasswd",
        "http://x/../outside/secret.txt",
        "/escape/secret.txt",
        "/leak.txt",
        "/relative-leak.txt",
        "/escape/",
        "/escape",
    ])
    func traversalNeverLeavesTheRoot(target: String) async throws {
        try await withSite { _, port in
            let response = try await get(port, target)
            #expect(response.status != 200)
            #expect(!response.text.contains("TOP SECRET"))
            #expect(!response.text.contains("root:"))
        }
    }

    @Test func rootCanBeSwappedWhileServing() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let root = Mutex(fixture.site)
        try await withServer(handler: StaticFileHandler { root.withLock { $0 } }) { port in
            let before = try await get(port, "/")
            root.withLock { $0 = fixture.other }
            let after = try await get(port, "/")
            #expect(before.text == "<h1>Home</h1>")
            #expect(after.text == "<h1>Other</h1>")
        }
    }

    /// Bytes that tell every position from its neighbours, so a gap or garbage cannot pass for the file.
    private static func pattern(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        let block = (0..<251).map { UInt8($0) }
        while bytes.count < count { bytes += block.prefix(count - bytes.count) }
        return bytes
    }

    @Test func largeFilesAreSentWholeAndTheirHeadsAgree() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let contents = Self.pattern(3 * 1024 * 1024 + 17)
        try Data(contents).write(to: fixture.site.appendingPathComponent("big.bin"))
        try await withServer(handler: StaticFileHandler(root: fixture.site)) { port in
            let response = try await get(port, "/big.bin")
            let head = try await get(port, "/big.bin", method: "HEAD")
            #expect(response.status == 200)
            #expect(response.body == contents)
            #expect(head.headers["Content-Length"] == String(contents.count))
            #expect(head.headers["ETag"] == response.headers["ETag"])
        }
    }

    @Test func aFileThatShrinksWhileSentEndsTheAnswerShortAndTheConnection() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let file = fixture.site.appendingPathComponent("big.bin")
        let contents = Self.pattern(32 * 1024 * 1024)
        try Data(contents).write(to: file)
        try await withServer(handler: StaticFileHandler(root: fixture.site)) { port in
            let (head, body) = try await onThread {
                let socket = try RawSocket(port: port)
                try socket.send("GET /big.bin HTTP/1.1\r\nHost: localhost\r\n\r\n")
                let head = try socket.read(through: "\r\n\r\n")
                // Cut while the client has read nothing of the body: the server holds a small part at most.
                guard truncate(file.path, 1024 * 1024) == 0 else { throw RawSocket.Failure.malformed("truncate: \(errno)") }
                // Ends with the connection, since the promised length is never reached.
                return (head, try socket.readToEnd())
            }
            #expect(head.contains("Content-Length: \(contents.count)\r\n"))
            #expect(body.count < contents.count, "the answer stops when the file's bytes run out")
            #expect(body.count >= 1024 * 1024)
            #expect(body[...] == contents.prefix(body.count), "only the file's own bytes")
        }
    }

    @Test func aFileReplacedWhileSentIsSentAsItWasWhenAskedFor() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let file = fixture.site.appendingPathComponent("big.bin")
        let contents = Self.pattern(16 * 1024 * 1024)
        try Data(contents).write(to: file)
        try await withServer(handler: StaticFileHandler(root: fixture.site)) { port in
            let response = try await onThread {
                let socket = try RawSocket(port: port)
                try socket.send("GET /big.bin HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                _ = try socket.read(through: "\r\n\r\n")
                // As a rebuild publishes: a new file renamed over the old one.
                let replacement = fixture.base.appendingPathComponent("replacement.bin")
                try Data("new".utf8).write(to: replacement)
                guard rename(replacement.path, file.path) == 0 else { throw RawSocket.Failure.malformed("rename: \(errno)") }
                return try socket.readToEnd()
            }
            #expect(response == contents)
            #expect(try await get(port, "/big.bin").text == "new")
        }
    }
}
