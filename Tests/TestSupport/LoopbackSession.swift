import Foundation
import LoopbackAPI

/// Runs `body` against a loopback API server and stops the server however `body` ends.
package enum LoopbackSession {
    package static func with<Result>(
        _ server: LoopbackAPIServer, _ body: (LoopbackAPIServer, URL) async throws -> Result
    ) async throws -> Result {
        let base = try await server.start()
        do {
            let result = try await body(server, base)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// The verified full dataset from `../shared`, served like the public API.
    package static func withSharedData<Result>(
        options: LoopbackAPIOptions = .init(), _ body: (LoopbackAPIServer, URL) async throws -> Result
    ) async throws -> Result {
        try await with(try LoopbackAPIServer(dataFolder: SharedFixtures.apiFolder, options: options), body)
    }
}
