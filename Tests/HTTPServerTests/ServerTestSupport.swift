import Foundation
@testable import HTTPServer
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

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

/// The process's open-file limit, raised towards its hard limit for tests that hold thousands of sockets (each
/// client here is two descriptors, its end and the server's). True when `needed` descriptors are allowed.
func raiseDescriptorLimit(to needed: Int) -> Bool {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return false }
    if limit.rlim_cur >= rlim_t(needed) { return true }
    guard limit.rlim_max >= rlim_t(needed) else { return false }
    limit.rlim_cur = rlim_t(needed)
    return setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0
}
