import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server for loopback fakes, benchmarks and the site preview.
///
/// One thread runs a `poll(2)` loop over non-blocking sockets (Glibc's Swift module has no epoll);
/// handlers run as child tasks of a single task group, so they may suspend freely and `stop()` can
/// cancel and await every one of them. Those tasks run on a second thread of the server's own
/// (`HandlerExecutor`), not on the shared concurrency pool, so a busy process cannot delay answers.
///
/// Behaviour where HTTP leaves a choice:
/// - Keep-alive for HTTP/1.1 unless `Connection: close`; HTTP/1.0 always closes after one answer.
/// - Pipelined requests are answered one at a time, in order.
/// - HTTP/1.1 requests need exactly one valid `Host` (400 otherwise); bound to a loopback address, the
///   server answers only loopback names there (421 otherwise; see `Configuration.host`).
/// - Request bodies need `Content-Length` (`Transfer-Encoding` gets 501).
/// - Errors found by the server (400, 408, 413, 414, 421, 431, 501, 505, 503 over capacity or over the
///   event stream cap) are answered with `Connection: close`, then the connection is closed. Over the
///   connection cap, the connection that has kept the server waiting longest (sending no request, or taking
///   nothing of its answer) is closed first.
/// - Answers to HEAD never carry a body; a handler may set `Content-Length` to announce the GET size.
/// - `.stream` bodies use chunked coding (close-delimited for HTTP/1.0); a `.sized` body whose producer
///   fails closes the connection. Past `EventLoop.streamHighWater` buffered bytes, their producers wait
///   until the client has taken everything sent, so a slow reader costs a bounded buffer.
package final class HTTPServer: Sendable {
    let configuration: Configuration
    private let handler: any HTTPHandler
    private let state = Mutex<State>(.idle)

    private enum State {
        case idle
        case starting
        case running(
            loop: EventLoop, jobs: AsyncStream<EventLoop.Job>.Continuation, group: Task<Void, Never>, executor: HandlerExecutor)
        case stopping(Task<Void, Never>)
        case stopped
    }

    package init(configuration: Configuration = .init(), handler: some HTTPHandler) {
        self.configuration = configuration
        self.handler = handler
    }

    deinit {
        if case .running(let loop, let jobs, let group, let executor) = state.withLock({ $0 }) {
            loop.requestShutdown()
            jobs.finish()
            group.cancel()
            executor.shutdown()
        }
    }

    /// Binds and listens; returns the bound port (the kernel picks one when the configured port is 0).
    /// A server starts once; after `stop()` create a new one.
    @discardableResult
    package func start() async throws -> Int {
        try state.withLock { state in
            guard case .idle = state else { throw HTTPServerError.alreadyStarted }
            state = .starting
        }
        let (jobs, jobsContinuation) = AsyncStream<EventLoop.Job>.makeStream()
        let loop: EventLoop
        let port: Int
        do {
            let listener = try ListeningSocket.open(
                host: configuration.host, port: configuration.port, backlog: configuration.listenBacklog
            )
            port = listener.port
            do {
                loop = try EventLoop(configuration: configuration, listener: listener.socket, handler: handler) { job in
                    jobsContinuation.yield(job)
                }
            } catch {
                close(listener.socket)
                throw error
            }
        } catch {
            state.withLock { state in
                if case .starting = state { state = .idle }
            }
            throw error
        }
        loop.start()
        let installed = state.withLock { state -> Bool in
            // `stop()` may have run while this was starting; then the new loop is torn down at once.
            guard case .starting = state else { return false }
            let executor = HandlerExecutor(name: "HTTPServer handlers")
            let group = Task(executorPreference: executor) {
                await withDiscardingTaskGroup { group in
                    for await job in jobs { group.addTask { await job() } }
                }
            }
            state = .running(loop: loop, jobs: jobsContinuation, group: group, executor: executor)
            return true
        }
        guard installed else {
            await loop.shutdown()
            throw HTTPServerError.stopped
        }
        return port
    }

    /// Closes the listener and every connection, cancels running handlers and streams, and returns once
    /// the event loop thread and all handler tasks are gone. Idempotent; concurrent callers all wait.
    package func stop() async {
        let stopping = state.withLock { state -> Task<Void, Never>? in
            switch state {
            case .idle, .starting, .stopped:
                state = .stopped
                return nil
            case .stopping(let task):
                return task
            case .running(let loop, let jobs, let group, let executor):
                let task = Task {
                    await loop.shutdown()
                    jobs.finish()
                    group.cancel()
                    await group.value
                    executor.shutdown()
                }
                state = .stopping(task)
                return task
            }
        }
        guard let stopping else { return }
        await stopping.value
        state.withLock { $0 = .stopped }
    }
}

package enum HTTPServerError: Error, Sendable, Equatable {
    case invalidHost(String)
    /// A system call failed; `errno` is kept for diagnosis.
    case socket(operation: String, errno: Int32)
    /// `start()` was called on a server that had already been started.
    case alreadyStarted
    /// `stop()` was called while `start()` was still binding.
    case stopped
}

extension HTTPServer {
    package struct Configuration: Sendable {
        /// An IPv4 or IPv6 literal, or `localhost`. When it is a loopback address, requests must name a
        /// loopback host too (localhost, `*.localhost`, 127.x.x.x, `[::1]`, with or without a port) and
        /// others are answered `421`: that keeps web pages from reading the server through DNS rebinding.
        var host: String
        /// 0 picks a free port; `start()` returns the one bound.
        var port: Int
        /// Open connections served normally. A newcomer beyond it closes the connection that has kept the
        /// server waiting longest (idle between requests, still sending its request head, or taking nothing of
        /// its answer since its socket last took bytes), so clients that hold connections open, reconnect at once
        /// or stop reading large answers cannot lock others out. When none can be closed so (every handler at
        /// work, say), the newcomer is still accepted, but its first request is answered `503` with
        /// `Retry-After: 1` and `Connection: close`, so clients see a clear refusal instead of a reset; past
        /// twice the cap new connections are closed at once.
        var maxConnections: Int
        /// Open `.stream` responses (Server-Sent Events). They last as long as a page stays open, so they
        /// have a cap of their own and do not count against `maxConnections`: page requests always find
        /// room. One more is answered `503` with `Retry-After` and `Connection: close`.
        var maxEventStreams: Int
        /// Longest request line (method, target, version) before `414`.
        var maxRequestLineBytes: Int
        /// Largest header section (after the request line) before `431`.
        var maxHeaderBytes: Int
        /// Largest `Content-Length` accepted before `413`.
        var maxBodyBytes: Int
        /// How long a keep-alive connection may wait for its next request, and how long a client may
        /// leave a response unread, before the connection is closed. After an error answer the server
        /// discards what the client still sends for at most this long (2 s at most), however it trickles.
        var idleTimeout: Duration
        /// How long a client may take to send one whole request, from its first byte; past it the server
        /// answers `408` and closes (this is what defeats clients trickling a byte a second).
        var requestTimeout: Duration
        var listenBacklog: Int

        package init(
            host: String = "127.0.0.1",
            port: Int = 0,
            maxConnections: Int = 1024,
            maxEventStreams: Int = 64,
            maxRequestLineBytes: Int = 8 * 1024,
            maxHeaderBytes: Int = 16 * 1024,
            maxBodyBytes: Int = 8 * 1024 * 1024,
            idleTimeout: Duration = .seconds(30),
            requestTimeout: Duration = .seconds(10),
            listenBacklog: Int = 512
        ) {
            self.host = host
            self.port = port
            self.maxConnections = maxConnections
            self.maxEventStreams = maxEventStreams
            self.maxRequestLineBytes = maxRequestLineBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
            self.idleTimeout = idleTimeout
            self.requestTimeout = requestTimeout
            self.listenBacklog = listenBacklog
        }

        /// Whether `host` is a loopback address, reachable from this machine only.
        package var isLoopback: Bool { HostName.isLoopback(host) }
    }
}
