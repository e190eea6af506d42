#if canImport(Glibc)
import Glibc
#endif

/// One client socket's state. Confined to the event loop thread: only `EventLoop` touches it.
final class Connection {
    enum Phase {
        /// Between requests (or before the first): waiting for bytes.
        case idle
        /// Part of a request has arrived.
        case readingRequest
        /// A handler is working on the request; pipelined bytes are buffered meanwhile.
        case handling
        /// A `.stream` body is being sent.
        case streaming
        /// The last response is being flushed; nothing more will be read or answered.
        case closing
        /// Our side is shut down; unread client bytes are drained so the kernel does not answer them
        /// with a reset that could destroy the response before the client reads it.
        case lingering
    }

    let socket: Int32
    let id: UInt64
    /// Accepted beyond `maxConnections`: its request is answered 503.
    let overCapacity: Bool
    var phase: Phase = .idle
    var inbound: [UInt8] = []
    var outbound = OutboundBuffer()
    var closeAfterFlush = false
    /// The client shut down its sending side; answer what is in flight, then close.
    var peerClosed = false
    var sentContinue = false
    /// Last read or write progress, or the moment the phase last changed.
    var lastActivity: ContinuousClock.Instant
    var requestStarted: ContinuousClock.Instant?
    /// What the next `poll` waits for; reading is paused while pipelined bytes pile up.
    var pollEvents = Int16(POLLIN)
    var stream: StreamState?

    struct StreamState {
        var chunked: Bool
        var keepAlive: Bool
        var closeObservers: [AsyncStream<Never>.Continuation]
        var drainWaiters: [CheckedContinuation<Bool, Never>] = []
    }

    init(socket: Int32, id: UInt64, overCapacity: Bool, now: ContinuousClock.Instant) {
        self.socket = socket
        self.id = id
        self.overCapacity = overCapacity
        self.lastActivity = now
    }

    var reference: ConnectionReference { ConnectionReference(socket: socket, id: id) }
}
