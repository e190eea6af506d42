import Foundation
import HTTPServer
import Testing

@Suite struct HTTPServerFaultTests {
    static let body = [UInt8](repeating: UInt8(ascii: "x"), count: 100)

    static let faulty = ClosureHandler { request in
        var response = HTTPResponse(contentType: "application/octet-stream", bytes: body)
        switch request.path {
        case "/drop": response.fault = .dropConnection
        case "/truncate": response.fault = .truncateBody(afterBytes: 10)
        default: break
        }
        return response
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
}
