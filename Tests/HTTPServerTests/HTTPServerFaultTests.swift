import Foundation
@testable import HTTPServer
import TestSupport
import Testing

@Suite struct HTTPServerFaultTests {
    static let body = [UInt8](repeating: UInt8(ascii: "x"), count: 100)

    /// A `.sized` body whose producer fails after `count` bytes.
    static func failing(after count: Int) -> HTTPResponse {
        let (chunks, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
        if count > 0 { continuation.yield(Array(body.prefix(count))) }
        continuation.finish(throwing: CancellationError())
        return HTTPResponse(headers: ["Content-Type": "application/octet-stream"], body: .sized(length: body.count, chunks: chunks))
    }

    static let faulty = ClosureHandler { request in
        switch request.path {
        case "/drop": failing(after: 0)
        case "/truncate": failing(after: 10)
        case "/sized":
            // Made in pieces, and longer than stated: the client gets exactly the stated length.
            HTTPResponse(body: .sized(length: 60, chunks: AsyncThrowingStream { continuation in
                for _ in 0..<3 { continuation.yield(Array(body.prefix(25))) }
                continuation.finish()
            }))
        default: HTTPResponse(contentType: "application/octet-stream", bytes: body)
        }
    }

    @Test func droppedConnectionsAnswerNothing() async throws {
        try await withServer(handler: Self.faulty) { port in
            let received = try await onThread {
                let socket = try RawSocket(port: port)
                try socket.send("GET /drop HTTP/1.1\r\nHost: localhost\r\n\r\n")
                return try socket.readToEnd()
            }
            #expect(received.isEmpty)
        }
    }

    @Test func truncatedBodiesStopShortOfTheirLength() async throws {
        try await withServer(handler: Self.faulty) { port in
            let received = try await onThread {
                let socket = try RawSocket(port: port)
                try socket.send("GET /truncate HTTP/1.1\r\nHost: localhost\r\n\r\n")
                return String(decoding: try socket.readToEnd(), as: UTF8.self)
            }
            let parts = received.components(separatedBy: "\r\n\r\n")
            #expect(parts.count == 2)
            #expect(parts[0].hasPrefix("HTTP/1.1 200"))
            #expect(parts[0].contains("Content-Length: 100"))
            #expect(parts.last == String(repeating: "x", count: 10))
        }
    }

    @Test func faultsDoNotAffectOtherRequests() async throws {
        try await withServer(handler: Self.faulty) { port in
            let texts = try await onThread {
                _ = try RawSocket(port: port).send("GET /drop HTTP/1.1\r\nHost: localhost\r\n\r\n")
                return try RawSocket.exchange(port: port, "GET /fine HTTP/1.1\r\nHost: localhost\r\n\r\n").body
            }
            #expect(texts == Self.body)
        }
    }

    @Test func sizedBodiesAreSentInPiecesUpToTheirLength() async throws {
        try await withServer(handler: Self.faulty) { port in
            let answer = try await onThread {
                try RawSocket.exchange(port: port, "GET /sized HTTP/1.1\r\nHost: localhost\r\n\r\n")
            }
            #expect(answer.body == Array(Self.body.prefix(60)))
        }
    }
}
