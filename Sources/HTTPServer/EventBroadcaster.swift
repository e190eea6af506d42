import Foundation
import Synchronization

/// Fans Server-Sent Events out to every subscribed client, e.g. "reload" to each open preview tab.
/// Subscribers whose client disconnects are dropped automatically (the server cancels their stream).
package final class EventBroadcaster: Sendable {
    private struct Subscribers {
        var nextID: UInt64 = 0
        var streams: [UInt64: AsyncStream<[UInt8]>.Continuation] = [:]
        var finished = false
    }

    private let subscribers = Mutex(Subscribers())

    package init() {}

    /// A `text/event-stream` response that receives every event sent from now on.
    package func subscribe() -> HTTPResponse {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id = subscribers.withLock { state -> UInt64? in
            guard !state.finished else { return nil }
            state.nextID += 1
            state.streams[state.nextID] = continuation
            return state.nextID
        }
        if let id {
            continuation.onTermination = { [weak self] _ in
                self?.subscribers.withLock { _ = $0.streams.removeValue(forKey: id) }
            }
        } else {
            continuation.finish()
        }
        return HTTPResponse(
            headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-cache"],
            body: .stream(stream)
        )
    }

    /// Sends one event to every current subscriber.
    package func send(event: String? = nil, data: String) {
        let bytes = Self.encode(event: event, data: data)
        for continuation in subscribers.withLock({ Array($0.streams.values) }) {
            continuation.yield(bytes)
        }
    }

    package var subscriberCount: Int {
        subscribers.withLock { $0.streams.count }
    }

    /// Ends every subscription (their responses complete) and refuses new ones.
    package func finish() {
        let streams = subscribers.withLock { state in
            state.finished = true
            defer { state.streams = [:] }
            return Array(state.streams.values)
        }
        for continuation in streams { continuation.finish() }
    }

    /// The wire form: optional `event:` line, one `data:` line per line of `data`, blank line.
    static func encode(event: String?, data: String) -> [UInt8] {
        var text = event.map { "event: \($0)\n" } ?? ""
        // Browsers end an event-stream line at CR, LF or CRLF: each must start a new `data:` field, or text
        // after a bare CR would be read as a field of its own.
        let lines = data.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        for line in lines.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line)\n"
        }
        return Array((text + "\n").utf8)
    }
}
