import Foundation
import Synchronization

/// Each record's answer under one selection (`{ id name … }`), kept until the data changes: the GraphQL
/// counterpart of the encoded records and pages `RecordTable` keeps for REST. Without it every query would
/// rebuild its records on the server's one handler thread, and a loopback benchmark would measure that
/// rather than the requests.
final class GraphQLFragmentCache: Sendable {
    /// What the cached answers were made from; any change to the records or the base URL changes it
    /// (`RecordTable` moves `lastModified` forward on every change).
    struct Version: Sendable, Equatable {
        var characters: Date
        var locations: Date
        var episodes: Date
        var base: String
    }

    private struct State {
        var version: Version?
        /// Keyed by resource and selection, then by record id.
        var fragments: [String: [Int: [UInt8]]] = [:]
    }

    /// Distinct selections kept at most; beyond it the cache starts over (tests send few, clients one each).
    static let maximumSelections = 32

    private let state = Mutex(State())

    func fragments(_ key: String, at version: Version) -> [Int: [UInt8]] {
        state.withLock { $0.version == version ? $0.fragments[key] ?? [:] : [:] }
    }

    func store(_ fresh: [Int: [UInt8]], _ key: String, at version: Version) {
        guard !fresh.isEmpty else { return }
        state.withLock { state in
            if state.version != version { state = State(version: version) }
            if state.fragments[key] == nil, state.fragments.count >= Self.maximumSelections { state.fragments = [:] }
            state.fragments[key, default: [:]].merge(fresh) { _, new in new }
        }
    }
}
