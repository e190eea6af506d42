import Foundation
@testable import HTTPServer
import TestSupport

/// Runs blocking work on a dedicated thread and awaits its result.
func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.start()
    }
}

/// Starts a server on a free loopback port, runs `body`, and always stops the server.
func withServer<T: Sendable>(
    _ configuration: HTTPServer.Configuration = .init(),
    handler: some HTTPHandler,
    _ body: (Int) async throws -> T
) async throws -> T {
    let server = HTTPServer(configuration: configuration, handler: handler)
    let port = try await server.start()
    do {
        let result = try await body(port)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

func withServer<T: Sendable>(
    _ configuration: HTTPServer.Configuration = .init(),
    _ body: (Int) async throws -> T,
    handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
) async throws -> T {
    try await withServer(configuration, handler: ClosureHandler(handler), body)
}
