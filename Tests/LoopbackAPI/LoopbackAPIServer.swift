import Foundation
import HTTPServer
import RickAndMortyAPI

/// A stand-in for the Rick and Morty API on 127.0.0.1, for tests and benchmarks: it serves a dataset the way
/// the public API does (pages of 20 with `info`, single and multiple records, JSON 404s, avatars, ETags and
/// Last-Modified with 304s), with the data's absolute URLs pointing at itself. It can add latency, inject
/// faults, count what it sees, and change records while running.
package final class LoopbackAPIServer: Sendable {
    private let store: LoopbackStore
    private let server: HTTPServer

    /// Serves `characters.json`, `locations.json`, `episodes.json` and `avatars/N.jpeg` from `dataFolder`
    /// (such as `../shared/rickandmorty-api`).
    package convenience init(dataFolder: URL, options: LoopbackAPIOptions = .init()) throws {
        let snapshot = Snapshot(
            characters: try Self.load([CharacterRecord].self, dataFolder.appendingPathComponent("characters.json")),
            locations: try Self.load([LocationRecord].self, dataFolder.appendingPathComponent("locations.json")),
            episodes: try Self.load([EpisodeRecord].self, dataFolder.appendingPathComponent("episodes.json")))
        self.init(
            store: LoopbackStore(
                snapshot: snapshot, avatarFolder: dataFolder.appendingPathComponent("avatars", isDirectory: true),
                avatars: [:], options: options))
    }

    /// Serves an in-memory dataset (small fixtures, hostile data). `avatars` maps character ids to the bytes
    /// served at `/api/character/avatar/N.jpeg`.
    package convenience init(snapshot: Snapshot, avatars: [Int: LoopbackAvatar] = [:], options: LoopbackAPIOptions = .init()) {
        self.init(store: LoopbackStore(snapshot: snapshot, avatarFolder: nil, avatars: avatars, options: options))
    }

    private init(store: LoopbackStore) {
        self.store = store
        server = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0), handler: LoopbackHandler(store: store))
    }

    /// Starts listening on a free port and returns the API's base URL, e.g. `http://127.0.0.1:PORT/api`.
    @discardableResult
    package func start() async throws -> URL {
        let port = try await server.start()
        guard let url = URL(string: "http://127.0.0.1:\(port)/api") else { throw LoopbackAPIError.notStarted }
        await store.setBaseURL(url)
        return url
    }

    package func stop() async {
        await server.stop()
    }

    /// The base URL once started.
    package var baseURL: URL? {
        get async { await store.baseURL }
    }

    /// The dataset exactly as currently served (URLs pointing at this server): what a complete fetch must return.
    package func servedSnapshot() async -> Snapshot {
        await store.servedSnapshot()
    }

    // MARK: Faults

    /// Replaces the fault plan; request numbers in `.requestNumbers` count from now.
    package func setFaults(_ rules: [LoopbackFaultRule]) async {
        await store.setFaults(rules)
    }

    func addFault(_ rule: LoopbackFaultRule) async {
        await store.addFault(rule)
    }

    package func clearFaults() async {
        await store.setFaults([])
    }

    /// Replaces the rate limit (nil: none) with an empty window.
    package func setRateLimit(_ limit: LoopbackRateLimit?) async {
        await store.setRateLimit(limit)
    }

    // MARK: Counters

    package func counters() async -> LoopbackCounters {
        await store.counters
    }

    /// Every request since start or the last reset, in the order they finished.
    package func requestLog() async -> [LoopbackRequestRecord] {
        await store.log
    }

    package func resetCounters() async {
        await store.resetCounters()
    }

    // MARK: Changes at run time (each changes the ETag and Last-Modified of what it touches)

    /// Changes a character as served (its URLs already point at this server).
    package func updateCharacter(id: Int, _ change: @escaping @Sendable (inout CharacterRecord) -> Void) async throws {
        try await store.updateCharacter(id, change)
    }

    package func updateLocation(id: Int, _ change: @escaping @Sendable (inout LocationRecord) -> Void) async throws {
        try await store.updateLocation(id, change)
    }

    package func updateEpisode(id: Int, _ change: @escaping @Sendable (inout EpisodeRecord) -> Void) async throws {
        try await store.updateEpisode(id, change)
    }

    /// Adds or replaces a record. Its URLs may name the source base or this server.
    package func upsert(_ record: CharacterRecord) async { await store.upsert(record) }
    package func upsert(_ record: LocationRecord) async { await store.upsert(record) }
    package func upsert(_ record: EpisodeRecord) async { await store.upsert(record) }

    /// Removes a record. Clients that check for gaps (as `APIClient` does) reject a collection with a hole,
    /// so remove the highest id to model a deletion they accept.
    package func remove(_ kind: ResourceKind, id: Int) async {
        await store.remove(kind, id: id)
    }

    package func setAvatar(_ avatar: LoopbackAvatar, forCharacter id: Int) async {
        await store.setAvatar(avatar, forCharacter: id)
    }

    private static func load<Value: Decodable>(_: Value.Type, _ file: URL) throws -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: Data(contentsOf: file))
        } catch {
            throw LoopbackAPIError.unreadableData(path: file.path, detail: String(describing: error))
        }
    }
}

/// How the loopback API behaves.
package struct LoopbackAPIOptions: Sendable {
    /// Added to every request before it is answered (the benchmark uses 50 ms).
    package var latency: Duration
    package var pageSize: Int
    /// The base the data's absolute URLs start with; it is replaced by the server's own base URL.
    package var sourceBaseURL: String
    /// Faults in force from the first request.
    package var faults: [LoopbackFaultRule]
    /// Checked before the faults: a request it turns away neither reaches them nor counts for `.everyNth`.
    package var rateLimit: LoopbackRateLimit?
    /// `Last-Modified` of everything until it changes.
    package var lastModified: Date
    /// The most ids one GraphQL `…ByIds` field takes (more is refused as too large); nil for any number.
    package var graphQLBatchLimit: Int?
    /// How many records `info.count` leaves out, as a broken API might (REST and GraphQL alike; `info.pages`
    /// follows the count): every record and page is still served, and a REST page still links to the next.
    package var countShortfall: Int

    package init(
        latency: Duration = .zero, pageSize: Int = 20, sourceBaseURL: String = "https://rickandmortyapi.com/api",
        faults: [LoopbackFaultRule] = [], rateLimit: LoopbackRateLimit? = nil,
        lastModified: Date = Date(timeIntervalSince1970: 1_700_000_000), graphQLBatchLimit: Int? = nil,
        countShortfall: Int = 0
    ) {
        self.latency = latency
        self.pageSize = max(1, pageSize)
        self.sourceBaseURL = sourceBaseURL
        self.faults = faults
        self.rateLimit = rateLimit
        self.lastModified = lastModified
        self.graphQLBatchLimit = graphQLBatchLimit.map { max(1, $0) }
        self.countShortfall = max(0, countShortfall)
    }
}

/// A picture the loopback API serves, with the content type it announces.
package struct LoopbackAvatar: Sendable, Equatable {
    package var bytes: [UInt8]
    package var contentType: String

    package init(bytes: [UInt8], contentType: String = "image/jpeg") {
        self.bytes = bytes
        self.contentType = contentType
    }
}

/// What the loopback API has seen since it started or since `resetCounters()`.
package struct LoopbackCounters: Sendable, Equatable {
    package var requests = 0
    /// Requests carrying `If-None-Match` or `If-Modified-Since`.
    package var conditionalRequests = 0
    package var notModified = 0
    /// Avatar requests answered with a picture (304s and errors excluded).
    package var imagesServed = 0
    package var faultsInjected = 0
    /// Requests the rate limit turned away (also counted in `requests`, not in `faultsInjected`).
    package var throttled = 0
    /// The most requests being handled at the same moment (latency included).
    package var maxInFlight = 0
    var bytesServed = 0
}

/// One request as the loopback API saw and answered it.
package struct LoopbackRequestRecord: Sendable, Equatable {
    /// 1-based, counted since start or `resetCounters()`.
    package var number: Int
    package var target: String
    package var conditional: Bool
    package var status: Int
    package var fault: LoopbackFault?
    /// When the request arrived, on the clock tests and clients share: shows pauses and rates as the API saw them.
    package var arrived: ContinuousClock.Instant

    package var isImage: Bool { target.contains("/avatar/") }
}

/// Misuse of the loopback API server by a test or benchmark.
enum LoopbackAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadableData(path: String, detail: String)
    case noSuchRecord(kind: String, id: Int)
    case notStarted

    var description: String {
        switch self {
        case let .unreadableData(path, detail):
            "loopback API: cannot read \(path) (\(detail)); pass the folder holding characters.json, "
                + "locations.json, episodes.json and avatars/"
        case let .noSuchRecord(kind, id):
            "loopback API: there is no \(kind) \(id) to change; add it with upsert first"
        case .notStarted:
            "loopback API: the server is not running; call start() first"
        }
    }
}
