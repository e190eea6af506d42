import Foundation
import LoopbackAPI
@testable import RickAndMortyAPI
import TestSupport

/// Small generated datasets, for tests that need many fetches to stay fast.
enum Fixture {
    static let source = GeneratedSnapshot.source

    /// See `GeneratedSnapshot`.
    static func snapshot(characters: Int = 45, locations: Int = 3, episodes: Int = 2) -> Snapshot {
        GeneratedSnapshot.make(characters: characters, locations: locations, episodes: episodes)
    }

    /// A tiny but complete JPEG (odd ids) or PNG (even ids), different per id.
    static func avatar(_ id: Int) -> LoopbackAvatar {
        let marker = Array("avatar \(id)".utf8)
        if id % 2 == 1 {
            return LoopbackAvatar(bytes: [0xFF, 0xD8, 0xFF, 0xE0] + marker + [0xFF, 0xD9], contentType: "image/jpeg")
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let end: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        return LoopbackAvatar(bytes: signature + marker + end, contentType: "image/jpeg")
    }

    static func avatars(for snapshot: Snapshot) -> [Int: LoopbackAvatar] {
        Dictionary(uniqueKeysWithValues: snapshot.characters.map { ($0.id, avatar($0.id)) })
    }

    /// Runs `body` against a loopback server over the generated dataset, and stops the server however
    /// `body` ends.
    static func withServer<Result>(
        _ snapshot: Snapshot = snapshot(), options: LoopbackAPIOptions = .init(),
        _ body: (LoopbackAPIServer, URL) async throws -> Result
    ) async throws -> Result {
        let server = LoopbackAPIServer(snapshot: snapshot, avatars: avatars(for: snapshot), options: options)
        return try await run(server, body)
    }

    /// The same over the full shared dataset; nil (after saying why) when `../shared` is absent.
    static func withSharedDataServer<Result>(
        options: LoopbackAPIOptions = .init(), _ body: (LoopbackAPIServer, URL) async throws -> Result
    ) async throws -> Result? {
        guard SharedFixtures.hasAPIData else {
            print("skipped: \(SharedFixtures.missingAPIDataMessage)")
            return nil
        }
        return try await run(try LoopbackAPIServer(dataFolder: SharedFixtures.apiFolder, options: options), body)
    }

    private static func run<Result>(
        _ server: LoopbackAPIServer, _ body: (LoopbackAPIServer, URL) async throws -> Result
    ) async throws -> Result {
        let url = try await server.start()
        do {
            let result = try await body(server, url)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// A data service over a fresh cache folder.
    static func service(_ client: APIClient, cache: URL? = nil, shrinkCheck: ShrinkCheck = ShrinkCheck()) throws -> DataService {
        DataService(
            client: client, cache: DataCache(directory: try cache ?? SharedFixtures.temporaryDirectory("rmwiki-cache")),
            shrinkCheck: shrinkCheck)
    }

    /// A client for tests: real HTTP, and retries that record their waits instead of sleeping.
    static func client(
        _ baseURL: URL, concurrency: Int = 4, attempts: Int = 4, timeout: Duration = .seconds(10),
        sleeps: DelayRecorder = DelayRecorder()
    ) -> APIClient {
        APIClient(
            baseURL: baseURL, concurrency: concurrency, retryPolicy: RetryPolicy(maxAttempts: attempts),
            requestTimeout: timeout, sleep: { await sleeps.record($0) })
    }
}
