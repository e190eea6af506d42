// The HTTPServer module: a small HTTP/1.1 server (one poll(2) loop, handlers on a thread of their own) that
// `rmwiki serve` answers with; the tests' loopback API runs on it too.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
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
        /// A `.stream` or `.sized` body is being sent.
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
    /// When the socket last took bytes of an answer: how long a client that stopped reading has kept one waiting
    /// (reads do not move it, so a client cannot hold an unread answer by sending).
    var lastSent: ContinuousClock.Instant
    var requestStarted: ContinuousClock.Instant?
    /// The request being read has its whole head (its body is arriving).
    var headComplete = false
    /// What the next `poll` waits for; reading is paused while pipelined bytes pile up.
    var pollEvents = Int16(POLLIN)
    var stream: StreamState?

    struct StreamState {
        /// A `.stream` (event stream) counts against `maxEventStreams`; a `.sized` body does not.
        var isEventStream = true
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
        self.lastSent = now
    }

    var reference: ConnectionReference { ConnectionReference(socket: socket, id: id) }
}

/// Names a connection from outside the loop thread. The id guards against a reused descriptor number:
/// a late answer for a closed connection must not reach a new one.
struct ConnectionReference: Sendable, Hashable {
    let socket: Int32
    let id: UInt64
}

/// Bytes waiting to be sent on one socket. Contiguous so each flush is a single `send`.
struct OutboundBuffer {
    private(set) var bytes: [UInt8] = []
    private var sent = 0

    /// Capacity kept once everything is sent: enough for a typical answer, while an idle keep-alive
    /// connection does not sit on a large buffer.
    static let retainedCapacity = 64 * 1024

    var isEmpty: Bool { sent == bytes.count }
    var pendingCount: Int { bytes.count - sent }

    /// Lets encoders write straight into the buffer instead of building a temporary array.
    mutating func append(_ write: (inout [UInt8]) -> Void) {
        dropSent()
        write(&bytes)
    }

    mutating func append(_ data: [UInt8]) {
        dropSent()
        bytes.append(contentsOf: data)
    }

    /// The buffer then holds only what waits to be sent: kept, the sent bytes of a slow reader's answer made it grow
    /// past the high-water mark to 512 KiB and more (1,000 readers taking 64 KiB every 50 ms: 329 KiB each).
    private mutating func dropSent() {
        guard sent > 0 else { return }
        bytes.removeFirst(sent)
        sent = 0
    }

    enum FlushResult { case progressed, wouldBlock, failed }

    /// Sends as much as the socket takes without blocking. `streaming`: more of the answer is coming, so an emptied
    /// buffer keeps its capacity; freed and grown again for every chunk a slow reader takes, the buffers of a thousand
    /// such readers fragmented the heap (356 KiB a reader where one that stopped reading cost 248 KiB).
    mutating func flush(to socket: Int32, streaming: Bool) -> FlushResult {
        var progressed = false
        while !isEmpty {
            let written = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return send(socket, base + sent, pendingCount, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                sent += written
                progressed = true
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                break
            } else {
                return .failed
            }
        }
        if isEmpty {
            bytes.removeAll(keepingCapacity: streaming || bytes.capacity <= Self.retainedCapacity)
            sent = 0
        }
        return progressed ? .progressed : .wouldBlock
    }
}
