import Foundation
@testable import HTTPServer
import TestSupport
import Testing

@Suite struct EventBroadcasterTests {
    @Test func everySubscriberGetsEachEventUntilFinished() async throws {
        let broadcaster = EventBroadcaster()
        try await withServer(handler: ClosureHandler { _ in broadcaster.subscribe() }) { port in
            // Reading the head proves the subscription exists before anything is sent.
            let clients = try await onThread {
                try (0..<2).map { _ in
                    let socket = try RawSocket(port: port)
                    try socket.send("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    _ = try socket.read(through: "\r\n\r\n")
                    return UncheckedBox(socket)
                }
            }
            #expect(broadcaster.subscriberCount == 2)
            broadcaster.send(event: "reload", data: "one\ntwo")
            broadcaster.finish()
            let received = try await onThread {
                try clients.map { String(decoding: try $0.value.readToEndOfChunks(), as: UTF8.self) }
            }
            #expect(received == Array(repeating: "event: reload\ndata: one\ndata: two\n\n", count: 2))
            #expect(broadcaster.subscriberCount == 0)
        }
    }

    @Test func subscribingAfterFinishEndsAtOnce() async throws {
        let broadcaster = EventBroadcaster()
        broadcaster.finish()
        try await withServer(handler: ClosureHandler { _ in broadcaster.subscribe() }) { port in
            let response = try await onThread { try RawSocket.exchange(port: port, "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n") }
            #expect(response.headers["Content-Type"] == "text/event-stream")
            #expect(response.body.isEmpty)
        }
    }
}
