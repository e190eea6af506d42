@testable import HTTPServer
import TestSupport
import Testing

@Suite struct HTTPServerLifecycleTests {
    @Test func aServerStartsOnlyOnce() async throws {
        let server = HTTPServer(handler: HTTPServerBasicTests.echo)
        try await server.start()
        await #expect(throws: HTTPServerError.alreadyStarted) { try await server.start() }
        await server.stop()
        await #expect(throws: HTTPServerError.alreadyStarted) { try await server.start() }
    }

    @Test func bindingATakenPortFails() async throws {
        let first = HTTPServer(handler: HTTPServerBasicTests.echo)
        let port = try await first.start()
        let second = HTTPServer(configuration: .init(port: port), handler: HTTPServerBasicTests.echo)
        await #expect(throws: HTTPServerError.self) { try await second.start() }
        await first.stop()
        await second.stop()
    }

    // The limit only catches the hour-long handler never being cancelled. It is not a speed bound: in the full
    // suite on a loaded 2-core machine, this test's continuations can wait behind other suites for a minute.
    @Test(.hangGuard)
    func stopCancelsHandlersStillRunning() async throws {
        let (started, signal) = AsyncStream<Void>.makeStream()
        let server = HTTPServer(handler: ClosureHandler { _ in
            signal.yield()
            // Only cancellation ends this within the test's time limit.
            try? await Task.sleep(for: .seconds(3600))
            return .text("late")
        })
        let port = try await server.start()
        let socket = try await onThread {
            let socket = try RawSocket(port: port)
            try socket.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            return UncheckedBox(socket)
        }
        var iterator = started.makeAsyncIterator()
        await iterator.next()
        await server.stop()
        let received = try await onThread { try socket.value.readToEnd() }
        #expect(received.isEmpty)
    }
}
