import HTTPServer
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
}
