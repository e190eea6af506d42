import Foundation
@testable import HTTPServer
import TestSupport
import Testing

@Suite struct HTTPServerBasicTests {
    static let echo = ClosureHandler { request in
        var text = "\(request.method) \(request.path)"
        for (name, value) in request.query.sorted(by: { $0.key < $1.key }) { text += " \(name)=\(value)" }
        if !request.body.isEmpty { text += " body=" + String(decoding: request.body, as: UTF8.self) }
        return .text(text)
    }

    @Test func startReturnsAFreePortAndAnswersGET() async throws {
        try await withServer(handler: Self.echo) { port in
            #expect(port > 0)
            let response = try await onThread {
                try RawSocket.exchange(port: port, "GET /hello%20world?a=1&b=two+words HTTP/1.1\r\nHost: localhost\r\n\r\n")
            }
            #expect(response.status == 200)
            #expect(response.text == "GET /hello world a=1 b=two words")
            #expect(response.headers["Content-Length"] == "\(response.body.count)")
            #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
        }
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
        try await withServer(handler: Self.echo) { port in
            let texts = try await onThread {
                let socket = try RawSocket(port: port)
                return try (1...3).map { index in
                    try socket.send("GET /\(index) HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    let response = try socket.readResponse()
                    #expect(response.headers["Connection"] == nil)
                    return response.text
                }
            }
            #expect(texts == ["GET /1", "GET /2", "GET /3"])
        }
    }

    @Test func connectionCloseIsHonoured() async throws {
        try await withServer(handler: Self.echo) { port in
            let closed = try await onThread {
                let socket = try RawSocket(port: port)
                try socket.send("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                let response = try socket.readResponse()
                #expect(response.headers["Connection"] == "close")
                return try socket.isClosedByServer()
            }
            #expect(closed)
        }
    }

    @Test func http10GetsOneAnswerThenClose() async throws {
        try await withServer(handler: Self.echo) { port in
            let (response, closed) = try await onThread {
                let socket = try RawSocket(port: port)
                try socket.send("GET /old HTTP/1.0\r\n\r\n")
                return (try socket.readResponse(), try socket.isClosedByServer())
            }
            #expect(response.text == "GET /old")
            #expect(closed)
        }
    }

    @Test func requestBodiesArriveWhole() async throws {
        try await withServer(handler: Self.echo) { port in
            let response = try await onThread {
                let socket = try RawSocket(port: port)
                try socket.send("POST /form HTTP/1.1\r\nHost: localhost\r\nContent-Length: 11\r\n\r\nhello")
                try socket.send(" world")
                return try socket.readResponse()
            }
            #expect(response.text == "POST /form body=hello world")
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        let handler = ClosureHandler { request in
            // The first answer is the slowest: order must still hold.
            if request.path == "/1" { try? await Task.sleep(for: .milliseconds(50)) }
            return .text(request.path)
        }
        try await withServer(handler: handler) { port in
            let texts = try await onThread {
                let socket = try RawSocket(port: port)
                try socket.send((1...3).map { "GET /\($0) HTTP/1.1\r\nHost: localhost\r\n\r\n" }.joined())
                return try (1...3).map { _ in try socket.readResponse().text }
            }
            #expect(texts == ["/1", "/2", "/3"])
        }
    }

    @Test func aHalfClosedClientStillGetsEveryPipelinedAnswer() async throws {
        try await withServer(handler: Self.echo) { port in
            let (texts, closed) = try await onThread {
                let socket = try RawSocket(port: port)
                try socket.send("GET /a HTTP/1.1\r\nHost: localhost\r\n\r\nGET /b HTTP/1.1\r\nHost: localhost\r\n\r\n")
                socket.shutdownWriting()
                return (try [socket.readResponse().text, socket.readResponse().text], try socket.isClosedByServer())
            }
            #expect(texts == ["GET /a", "GET /b"])
            #expect(closed)
        }
    }

    @Test func headSendsHeadersWithoutBody() async throws {
        try await withServer(handler: Self.echo) { port in
            let (head, next) = try await onThread {
                let socket = try RawSocket(port: port)
                try socket.send("HEAD /x HTTP/1.1\r\nHost: localhost\r\n\r\nGET /y HTTP/1.1\r\nHost: localhost\r\n\r\n")
                return (try socket.readResponse(bodyExpected: false), try socket.readResponse())
            }
            #expect(head.status == 200)
            #expect(head.headers["Content-Length"] == "7")
            // Had the HEAD answer carried a body, this would read it as the next response.
            #expect(next.text == "GET /y")
        }
    }

    /// The listening socket itself is gone, found by its inode in `/proc/net/tcp`: a connection to the port
    /// after `stop()` proves nothing, as another test's server may take the port the next moment.
    @Test func stopIsIdempotentAndClosesTheListener() async throws {
        let server = HTTPServer(handler: Self.echo)
        let port = try await server.start()
        let listener = try #require(try Self.listeningInode(port: port), "no socket listens on port \(port)")
        await server.stop()
        await server.stop()
        #expect(try !Self.tcpSockets().contains { $0.inode == listener })
    }

    /// Loopback TCP sockets as the kernel lists them: local port, state (10 is LISTEN) and inode.
    static func tcpSockets() throws -> [(port: Int, state: Int, inode: String)] {
        // Read to the end: the file has no size, and the kernel hands it out a page at a time.
        let table = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/net/tcp")).readToEnd() ?? Data()
        return String(decoding: table, as: UTF8.self).split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 9, let port = fields[1].split(separator: ":").last.flatMap({ Int($0, radix: 16) }),
                  let state = Int(fields[3], radix: 16) else { return nil }
            return (port, state, String(fields[9]))
        }
    }

    static func listeningInode(port: Int) throws -> String? {
        try tcpSockets().first { $0.port == port && $0.state == 10 }?.inode
    }

    @Test func stopClosesOpenConnections() async throws {
        let server = HTTPServer(handler: Self.echo)
        let port = try await server.start()
        let socket = try await onThread {
            let socket = try RawSocket(port: port)
            try socket.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            _ = try socket.readResponse()
            return UncheckedBox(socket)
        }
        await server.stop()
        let closed = try await onThread { try socket.value.isClosedByServer() }
        #expect(closed)
    }
}
