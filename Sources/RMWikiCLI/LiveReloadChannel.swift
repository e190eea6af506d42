import Foundation
import Synchronization
import HTTPServer

/// The preview's build state and the Server-Sent Events stream that tells open pages about it.
///
/// Every successful build gets a new generation; HTML answers carry the generation they were served at,
/// and a page whose generation is not the current one reloads. Generations start with a per-run number so
/// pages left open across a server restart reload too.
final class LiveReloadChannel: Sendable {
    private struct State {
        var builds = 0
        var error: String?
    }

    /// What a (re)connecting page is told first.
    private struct Hello: Encodable {
        let generation: String
        let error: String?
    }

    private let run = String(UInt32.random(in: 1...UInt32.max))
    private let state = Mutex(State())
    private let broadcaster = EventBroadcaster()

    var generation: String { state.withLock { "\(run).\($0.builds)" } }

    /// The message of the last build when it failed.
    var error: String? { state.withLock { $0.error } }

    var subscriberCount: Int { broadcaster.subscriberCount }

    /// A build succeeded and was published: every open page reloads, unless the site is byte for byte
    /// what the pages already show.
    func built(changed: Bool) {
        let generation = state.withLock { state -> String? in
            guard changed || state.error != nil else { return nil }
            state.builds += 1
            state.error = nil
            return "\(run).\(state.builds)"
        }
        if let generation { broadcaster.send(event: "reload", data: generation) }
    }

    /// A build failed: open pages show `message` over the last good site.
    func failed(_ message: String) {
        state.withLock { $0.error = message }
        broadcaster.send(event: "build-error", data: message)
    }

    /// The event stream for one page: a `hello` with the current state, then every event.
    func subscribe() -> HTTPResponse {
        // Subscribe before reading the state, so a build finishing in between is announced at least once.
        var response = broadcaster.subscribe()
        guard case .stream(let events) = response.body else { return response }
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let (generation, error) = state.withLock { ("\(run).\($0.builds)", $0.error) }
        continuation.yield(Self.hello(Hello(generation: generation, error: error)))
        // The forwarder lives exactly as long as the page's connection: the server cancels the stream it
        // reads when the page goes away, and that cancels the forwarder, which unsubscribes.
        let forwarder = Task {
            for await chunk in events { continuation.yield(chunk) }
            continuation.finish()
        }
        continuation.onTermination = { _ in forwarder.cancel() }
        response.body = .stream(stream)
        return response
    }

    /// Ends every page's stream (they reconnect to the next server) and refuses new subscriptions.
    func finish() {
        broadcaster.finish()
    }

    private static func hello(_ hello: Hello) -> [UInt8] {
        let json = (try? JSONEncoder().encode(hello)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return Array("event: hello\ndata: \(json)\n\n".utf8)
    }
}
