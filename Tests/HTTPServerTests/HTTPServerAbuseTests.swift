import Foundation
@testable import HTTPServer
import TestSupport
import Testing

/// Clients that try to hold the server's places or reach it under a name it does not answer to.
@Suite struct HTTPServerAbuseTests {
    static let hello = ClosureHandler { _ in .text("hello") }

    private func answer(_ port: Int, _ raw: String) async throws -> (response: RawSocket.Response, closed: Bool) {
        try await onThread {
            let socket = try RawSocket(port: port)
            try socket.send(raw)
            let response = try socket.readResponse()
            return (response, try socket.isClosedByServer())
        }
    }

    @Test(arguments: [
        ("NOT HTTP\r\n\r\n", 400),
        ("GET /unfinished HTTP/1.1\r\nHost: localhost\r\n", 408),
    ])
    func aTricklingClientIsClosedAtTheLingerDeadline(opening: String, status: Int) async throws {
        // The linger lasts as long as the idle timeout when that is under 2 s.
        let configuration = HTTPServer.Configuration(idleTimeout: .milliseconds(300), requestTimeout: .milliseconds(300))
        try await withServer(configuration, handler: Self.hello) { port in
            let (answered, reset) = try await onThread {
                let socket = try RawSocket(port: port)
                try socket.send(opening)
                let answered = try socket.readResponse().status
                // A byte every 50 ms, six to a linger deadline: were each to restart it, the connection
                // would outlive all 400 of them.
                return (answered, socket.trickleUntilReset(everyMilliseconds: 50, limit: 400))
            }
            #expect(answered == status)
            #expect(reset, "the server closes a lingering connection at its deadline whatever still arrives")
        }
    }

    @Test func pageRequestsFindRoomWhileMoreEventStreamsThanTheCapAreAsked() async throws {
        let (terminations, ended) = AsyncStream<Void>.makeStream()
        let handler = ClosureHandler { request in
            guard request.path == "/events" else { return .text("page") }
            let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
            continuation.onTermination = { _ in ended.yield() }
            continuation.yield(Array("data: hello\n\n".utf8))
            return HTTPResponse(headers: ["Content-Type": "text/event-stream"], body: .stream(stream))
        }
        // More streams are asked for than there are connections; refused ones may still be lingering
        // when the page is asked for, which the connection cap leaves room for.
        let configuration = HTTPServer.Configuration(maxConnections: 4, maxEventStreams: 2)
        let subscribe = "GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n"
        try await withServer(configuration, handler: handler) { port in
            let (streams, refusals, page) = try await onThread {
                let streams = try (0..<2).map { _ in
                    let socket = try RawSocket(port: port)
                    try socket.send(subscribe)
                    _ = try socket.read(through: "data: hello\n\n")
                    return socket
                }
                let refusals = try (0..<3).map { _ in
                    let socket = try RawSocket(port: port)
                    try socket.send(subscribe)
                    return (try socket.readResponse(), try socket.isClosedByServer())
                }
                let page = try RawSocket.exchange(port: port, "GET /page HTTP/1.1\r\nHost: localhost\r\n\r\n")
                return (UncheckedBox(streams), refusals, page)
            }
            for (refusal, closed) in refusals {
                #expect(refusal.status == 503)
                #expect(refusal.headers["Retry-After"] != nil)
                #expect(refusal.text.contains("at most 2"))
                #expect(closed)
            }
            #expect(page.status == 200)
            #expect(page.text == "page")

            // A stream that ends frees its place: once its producer has stopped (after the three refused
            // ones), a new stream is accepted.
            try await onThread { streams.value[0].shutdownWriting() }
            var iterator = terminations.makeAsyncIterator()
            for _ in 0..<4 { await iterator.next() }
            let again = try await onThread {
                let socket = try RawSocket(port: port)
                try socket.send(subscribe)
                return try socket.read(through: "data: hello\n\n")
            }
            #expect(again.hasPrefix("HTTP/1.1 200"))
            withExtendedLifetime(streams) {}
        }
    }

    /// HTTP/1.1 needs exactly one valid `Host` (400); a loopback-bound server answers loopback names
    /// only (421), so a page whose name was rebound to 127.0.0.1 cannot read it.
    @Test(arguments: [
        ("GET / HTTP/1.1\r\n\r\n", 400, "exactly one Host"),
        ("GET / HTTP/1.1\r\nHost: localhost\r\nHost: localhost\r\n\r\n", 400, "exactly one Host"),
        ("GET / HTTP/1.1\r\nHost: localhost\r\nHOST: evil.example\r\n\r\n", 400, "exactly one Host"),
        ("GET / HTTP/1.1\r\nHost: local host\r\n\r\n", 400, "not a valid host"),
        ("GET / HTTP/1.1\r\nHost: localhost:80x\r\n\r\n", 400, "not a valid host"),
        ("GET / HTTP/1.1\r\nHost: [::1\r\n\r\n", 400, "not a valid host"),
        ("GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n", 421, "DNS rebinding"),
        ("GET / HTTP/1.1\r\nHost: evil.example:PORT\r\n\r\n", 421, "localhost or 127.0.0.1"),
        ("GET / HTTP/1.1\r\nHost: localhost.evil.example\r\n\r\n", 421, "DNS rebinding"),
        ("GET / HTTP/1.1\r\nHost: 10.0.0.1\r\n\r\n", 421, "DNS rebinding"),
        ("GET / HTTP/1.0\r\nHost: evil.example\r\n\r\n", 421, "DNS rebinding"),
        // An absolute-form target names the host in place of the Host field.
        ("GET http://evil.example/ HTTP/1.1\r\nHost: localhost\r\n\r\n", 421, "DNS rebinding"),
    ])
    func badOrForeignHostsAreRefused(raw: String, status: Int, explanation: String) async throws {
        try await withServer(handler: Self.hello) { port in
            let (response, closed) = try await answer(port, raw.replacingOccurrences(of: "PORT", with: String(port)))
            #expect(response.status == status)
            #expect(response.text.contains(explanation))
            #expect(closed)
        }
    }

    @Test(arguments: [
        "localhost:PORT", "127.0.0.1:PORT", "localhost", "127.0.0.1", "LocalHost:PORT", "preview.localhost:PORT",
        "127.1.2.3", "[::1]:PORT", "[::1]",
    ])
    func aLoopbackServerAnswersLoopbackNames(host: String) async throws {
        try await withServer(handler: Self.hello) { port in
            let host = host.replacingOccurrences(of: "PORT", with: String(port))
            let response = try await onThread { try RawSocket.exchange(port: port, "GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n") }
            #expect(response.status == 200, "\(host)")
            #expect(response.text == "hello")
        }
    }

    @Test func onlyLoopbackBindAddressesRestrictTheHost() {
        for host in ["127.0.0.1", "127.8.9.10", "localhost", "::1"] {
            #expect(HTTPServer.Configuration(host: host).isLoopback, "\(host)")
        }
        for host in ["0.0.0.0", "::", "192.168.1.10", "fe80::1", "128.0.0.1"] {
            #expect(!HTTPServer.Configuration(host: host).isLoopback, "\(host)")
        }
    }
}
