import Foundation
import HTTPServer
import Testing

@Suite struct HTTPServerLimitTests {
    static let hello = ClosureHandler { _ in .text("hello") }

    static let small = HTTPServer.Configuration(maxRequestLineBytes: 1024, maxHeaderBytes: 2048, maxBodyBytes: 4096)

    private func answerAndClosed(_ port: Int, _ raw: String) async throws -> (status: Int, closed: Bool) {
        try await onThread {
            let socket = try RawSocket(port: port)
            try socket.send(raw)
            let response = try socket.readResponse()
            return (response.status, try socket.isClosedByServer())
        }
    }

    @Test(arguments: [
        ("HELLO\r\n\r\n", 400),
        ("GET /\r\n\r\n", 400),
        ("GET  / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1 extra\r\n\r\n", 400),
        ("G(T / HTTP/1.1\r\n\r\n", 400),
        ("GET relative HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nNo colon here\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: localhost\r\n folded: continuation\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nContent-Length: ten\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400),
        ("GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
        ("GET /%zz HTTP/1.1\r\n\r\n", 400),
        ("GET /?q=%e2%28 HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\n\r\n", 505),
        ("GET / FTP/1.0\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 501),
        ("POST / HTTP/1.1\r\nContent-Length: 5000\r\n\r\n", 413),
    ])
    func malformedRequestsGetAnErrorAndClose(raw: String, status: Int) async throws {
        try await withServer(Self.small, handler: Self.hello) { port in
            let result = try await answerAndClosed(port, raw)
            #expect(result.status == status)
            #expect(result.closed)
        }
    }

    @Test func malformedClientsDoNotDisturbOthers() async throws {
        try await withServer(Self.small, handler: Self.hello) { port in
            let keptAlive = try await onThread { UncheckedBox(try RawSocket(port: port)) }
            for round in 0..<3 {
                let bad = try await answerAndClosed(port, "BROKEN REQUEST \(round)\r\n\r\n")
                #expect(bad.status == 400)
                let good = try await onThread {
                    try keptAlive.value.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    return try keptAlive.value.readResponse()
                }
                #expect(good.text == "hello")
            }
        }
    }

    @Test func overlongRequestLineGets414() async throws {
        try await withServer(Self.small, handler: Self.hello) { port in
            let longPath = "/" + String(repeating: "a", count: 2000)
            let complete = try await answerAndClosed(port, "GET \(longPath) HTTP/1.1\r\n\r\n")
            #expect(complete.status == 414)
            #expect(complete.closed)
            // Still unterminated, but already past the limit: answered without waiting for the rest.
            let endless = try await answerAndClosed(port, "GET \(longPath)")
            #expect(endless.status == 414)
        }
    }

    @Test func oversizedHeadersGet431() async throws {
        try await withServer(Self.small, handler: Self.hello) { port in
            let big = "X-Filler: " + String(repeating: "b", count: 3000) + "\r\n"
            let complete = try await answerAndClosed(port, "GET / HTTP/1.1\r\n\(big)\r\n")
            #expect(complete.status == 431)
            let many = String(repeating: "X-A: 1234567890\r\n", count: 200)
            let endless = try await answerAndClosed(port, "GET / HTTP/1.1\r\n\(many)")
            #expect(endless.status == 431)
        }
    }

    @Test func aClientTricklingOneByteASecondIsTimedOut() async throws {
        let configuration = HTTPServer.Configuration(idleTimeout: .seconds(10), requestTimeout: .milliseconds(300))
        try await withServer(configuration, handler: Self.hello) { port in
            let (status, closed, bytesSent) = try await onThread {
                let socket = try RawSocket(port: port)
                let request = Array("GET /slow HTTP/1.1\r\nHost: localhost\r\nX-Padding: 0123456789\r\n\r\n".utf8)
                var sent = 0
                // One byte, then wait a second for the server to react; a server that never times the
                // client out would answer 200 once the whole request has trickled in.
                while sent < request.count {
                    try socket.send([request[sent]])
                    sent += 1
                    if socket.waitReadable(milliseconds: 1000) { break }
                }
                let response = try socket.readResponse()
                return (response.status, try socket.isClosedByServer(), sent)
            }
            #expect(status == 408)
            #expect(closed)
            #expect(bytesSent < 5)
        }
    }

    @Test func idleKeepAliveConnectionsAreClosed() async throws {
        let configuration = HTTPServer.Configuration(idleTimeout: .milliseconds(300))
        try await withServer(configuration, handler: Self.hello) { port in
            let (first, closed) = try await onThread {
                let socket = try RawSocket(port: port)
                try socket.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
                let first = try socket.readResponse()
                // Nothing arrives but the end of the stream.
                let readable = socket.waitReadable(milliseconds: 10_000)
                return (first, try readable && socket.isClosedByServer())
            }
            #expect(first.text == "hello")
            #expect(closed)
        }
    }

    @Test func connectionsBeyondTheCapAreRefusedWith503() async throws {
        let configuration = HTTPServer.Configuration(maxConnections: 2)
        try await withServer(configuration, handler: Self.hello) { port in
            let results = try await onThread {
                let first = try RawSocket(port: port), second = try RawSocket(port: port)
                for socket in [first, second] {
                    try socket.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    _ = try socket.readResponse()
                }
                let third = try RawSocket(port: port)
                try third.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
                let refused = try third.readResponse()
                // The admitted connections keep working.
                try first.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
                return (refused, try third.isClosedByServer(), try first.readResponse())
            }
            #expect(results.0.status == 503)
            #expect(results.0.headers["Retry-After"] == "1")
            #expect(results.1)
            #expect(results.2.text == "hello")
        }
    }

    @Test func twoHundredConcurrentClientsAreAllAnswered() async throws {
        let handler = ClosureHandler { request in
            // Holding each request open for a while makes the clients overlap.
            try? await Task.sleep(for: .milliseconds(20))
            return .text("page \(request.path.dropFirst())")
        }
        try await withServer(handler: handler) { port in
            let answers = try await withThrowingTaskGroup(of: (Int, RawSocket.Response).self) { group in
                for index in 0..<200 {
                    group.addTask {
                        (index, try await onThread { try RawSocket.exchange(port: port, "GET /\(index) HTTP/1.1\r\nHost: localhost\r\n\r\n") })
                    }
                }
                return try await group.reduce(into: [Int: RawSocket.Response]()) { $0[$1.0] = $1.1 }
            }
            #expect(answers.count == 200)
            for (index, response) in answers {
                #expect(response.status == 200)
                #expect(response.text == "page \(index)")
            }
            let after = try await onThread { try RawSocket.exchange(port: port, "GET /after HTTP/1.1\r\nHost: localhost\r\n\r\n") }
            #expect(after.text == "page after")
        }
    }

    @Test func expectContinueGetsAnInterimResponse() async throws {
        let handler = ClosureHandler { request in .text("got \(request.body.count)") }
        try await withServer(handler: handler) { port in
            let (interim, final) = try await onThread {
                let socket = try RawSocket(port: port)
                try socket.send("POST / HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n")
                guard socket.waitReadable(milliseconds: 10_000) else { return ("", "") }
                let interim = try socket.readStatusLine()
                try socket.send("abc")
                return (interim, try socket.readResponse().text)
            }
            #expect(interim.hasPrefix("HTTP/1.1 100"))
            #expect(final == "got 3")
        }
    }
}
