import Foundation
@testable import HTTPServer
import TestSupport
import Testing

@Suite struct HTTPServerStreamTests {
    static func events(_ count: Int) -> HTTPResponse {
        let stream = AsyncStream<[UInt8]> { continuation in
            for index in 1...count { continuation.yield(Array("data: \(index)\n\n".utf8)) }
            continuation.finish()
        }
        return HTTPResponse(headers: ["Content-Type": "text/event-stream"], body: .stream(stream))
    }

    /// A stream that sends one event and then stays open until its consumer goes away.
    static func endless(terminated: TestCounter) -> HTTPResponse {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        continuation.onTermination = { _ in terminated.increment() }
        continuation.yield(Array("data: hello\n\n".utf8))
        return HTTPResponse(headers: ["Content-Type": "text/event-stream"], body: .stream(stream))
    }

    @Test func finiteStreamsAreSentChunkedAndKeepTheConnection() async throws {
        try await withServer(handler: ClosureHandler { request in
            request.path == "/events" ? Self.events(3) : .text("after")
        }) { port in
            let (stream, after) = try await onThread {
                let socket = try RawSocket(port: port)
                try socket.send("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
                let stream = try socket.readResponse()
                try socket.send("GET /next HTTP/1.1\r\nHost: localhost\r\n\r\n")
                return (stream, try socket.readResponse())
            }
            #expect(stream.headers["Transfer-Encoding"] == "chunked")
            #expect(stream.headers["Content-Type"] == "text/event-stream")
            #expect(stream.headers["Content-Length"] == nil)
            #expect(stream.text == "data: 1\n\ndata: 2\n\ndata: 3\n\n")
            #expect(after.text == "after")
        }
    }

    @Test func http10StreamsEndWithTheConnection() async throws {
        try await withServer(handler: ClosureHandler { _ in Self.events(2) }) { port in
            let received = try await onThread {
                let socket = try RawSocket(port: port)
                try socket.send("GET /events HTTP/1.0\r\n\r\n")
                return try socket.readResponse()
            }
            #expect(received.headers["Transfer-Encoding"] == nil)
            #expect(received.text == "data: 1\n\ndata: 2\n\n")
        }
    }

    @Test func clientDisconnectCancelsTheStream() async throws {
        let terminated = TestCounter()
        let (terminations, signal) = AsyncStream<Void>.makeStream()
        let handler = ClosureHandler { _ in
            let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
            continuation.onTermination = { _ in
                terminated.increment()
                signal.yield()
            }
            continuation.yield(Array("data: hello\n\n".utf8))
            return HTTPResponse(headers: ["Content-Type": "text/event-stream"], body: .stream(stream))
        }
        try await withServer(handler: handler) { port in
            let firstChunk = try await onThread {
                let socket = try RawSocket(port: port)
                try socket.send("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
                // Read the head and first event, then hang up (the socket closes when released).
                return try socket.read(through: "data: hello\n\n")
            }
            #expect(firstChunk.contains("data: hello"))
            // The server notices the hang-up on its own; the test only waits for that.
            var iterator = terminations.makeAsyncIterator()
            await iterator.next()
            #expect(terminated.value == 1)
        }
    }

    @Test func stopCancelsOpenStreams() async throws {
        let terminated = TestCounter()
        let server = HTTPServer(handler: ClosureHandler { _ in Self.endless(terminated: terminated) })
        let port = try await server.start()
        let socket = try await onThread {
            let socket = try RawSocket(port: port)
            try socket.send("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
            _ = try socket.read(through: "data: hello\n\n")
            return UncheckedBox(socket)
        }
        await server.stop()
        #expect(terminated.value == 1)
        let closed = try await onThread { try socket.value.readToEnd() }
        #expect(!String(decoding: closed, as: UTF8.self).contains("0\r\n\r\n"))
    }

    @Test func headRequestsReleaseTheStreamTheyDoNotSend() async throws {
        let terminated = TestCounter()
        try await withServer(handler: ClosureHandler { _ in Self.endless(terminated: terminated) }) { port in
            let response = try await onThread {
                try RawSocket.exchange(port: port, "HEAD /events HTTP/1.1\r\nHost: localhost\r\n\r\n", bodyExpected: false)
            }
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == "text/event-stream")
        }
        // `withServer` stopped the server, which awaits every handler task, including the discard.
        #expect(terminated.value == 1)
    }
}
