import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A `poll(2)` loop on its own thread that owns every socket. Handlers never run here: complete requests
/// are handed to `dispatch` (the server's task group) and answers come back as commands through
/// `execute`, so no thread of the Swift concurrency pool ever blocks on a socket.
///
/// Everything except the command queue is confined to the loop thread, hence `@unchecked Sendable`.
final class EventLoop: @unchecked Sendable {
    typealias Job = @Sendable () async -> Void

    let configuration: HTTPServer.Configuration
    let parser: RequestParser
    let handler: any HTTPHandler
    let dispatch: @Sendable (@escaping Job) -> Void

    // Loop-thread state.
    let listener: Int32
    /// A self-pipe: other threads write a byte to interrupt `poll`.
    private let wakeupReader: Int32
    private let wakeupWriter: Int32
    private var pollSet: [pollfd] = []
    private var pollSetOwners: [Connection?] = []
    var connections: [Int32: Connection] = [:]
    var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// Connections sending a `.stream` body; they are capped by `maxEventStreams`, not `maxConnections`.
    var openStreams = 0
    private var nextConnectionID: UInt64 = 0
    /// Set when the last connection closes; see `releaseMemoryIfIdle`.
    var memoryToRelease = false
    /// Handlers dispatched and not yet done answering: counted up on the loop thread, down in their tasks.
    let handlersRunning = Atomic<Int>(0)
    private var running = true
    private var listenerPausedUntil: ContinuousClock.Instant?
    private var nextTimeoutScan: ContinuousClock.Instant
    private let timeoutScanInterval: Duration
    let lingerTimeout: Duration
    let clock = ContinuousClock()

    // Shared with other threads, guarded by `lock`.
    private let lock = NSLock()
    private var commands: [@Sendable () -> Void] = []
    private var exited = false
    private var exitWaiters: [CheckedContinuation<Void, Never>] = []

    /// Connections accepted per turn of the loop; see `acceptConnections`.
    static let acceptsPerTurn = 64
    /// Bytes accepted ahead of the request being handled (pipelining) before reading pauses.
    static let pipelineLimit = 64 * 1024
    /// Buffered stream bytes from which a producer waits for the client to take everything sent. With
    /// chunks of at most 64 KiB (a file's), one connection buffers at most 192 KiB (256 KiB of capacity).
    static let streamHighWater = 128 * 1024

    init(configuration: HTTPServer.Configuration, listener: Int32, handler: any HTTPHandler,
         dispatch: @escaping @Sendable (@escaping Job) -> Void) throws {
        self.configuration = configuration
        self.parser = RequestParser(
            maxRequestLineBytes: configuration.maxRequestLineBytes,
            maxHeaderBytes: configuration.maxHeaderBytes,
            maxBodyBytes: configuration.maxBodyBytes,
            loopbackHostsOnly: configuration.isLoopback
        )
        self.handler = handler
        self.dispatch = dispatch
        self.listener = listener
        let shortest = min(configuration.idleTimeout, configuration.requestTimeout)
        // Deadlines are checked on a coarse tick: never early, at most a quarter of a timeout late.
        self.timeoutScanInterval = max(.milliseconds(5), min(shortest / 4, .seconds(1)))
        self.lingerTimeout = min(configuration.idleTimeout, .seconds(2))
        self.nextTimeoutScan = ContinuousClock.now
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw HTTPServerError.socket(operation: "pipe", errno: errno) }
        pipeEnds.forEach(Self.makeNonBlocking)
        wakeupReader = pipeEnds[0]
        wakeupWriter = pipeEnds[1]
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "HTTPServer event loop"
        thread.start()
    }

    /// Runs `command` on the loop thread. Once the loop has exited it runs at once on the caller's
    /// thread, finding no connections, so continuations inside commands are always resumed.
    func execute(_ command: @escaping @Sendable () -> Void) {
        lock.lock()
        if exited {
            lock.unlock()
            command()
            return
        }
        commands.append(command)
        if commands.count == 1 {
            // Inside the lock: after exit the descriptor is closed and its number may be reused.
            var byte: UInt8 = 1
            _ = write(wakeupWriter, &byte, 1)
        }
        lock.unlock()
    }

    /// Closes the listener and every connection, ends the thread and returns once it has.
    func shutdown() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if exited {
                lock.unlock()
                continuation.resume()
                return
            }
            exitWaiters.append(continuation)
            lock.unlock()
            execute { [self] in running = false }
        }
    }

    /// Asks the loop to stop without waiting (for a server released without `stop()`).
    func requestShutdown() {
        execute { [self] in running = false }
    }

    private func run() {
        while running {
            rebuildPollSet()
            let count = poll(&pollSet, nfds_t(pollSet.count), millisecondsUntilTimeoutScan())
            if count < 0 && errno != EINTR { break }
            if count > 0 {
                for index in pollSet.indices where pollSet[index].revents != 0 {
                    let events = pollSet[index].revents
                    if let connection = pollSetOwners[index] {
                        handleSocketEvent(connection, events: events)
                    } else if pollSet[index].fd == wakeupReader {
                        drainWakeup()
                    } else {
                        acceptConnections()
                    }
                }
            }
            runCommands()
            let now = clock.now
            if now >= nextTimeoutScan {
                nextTimeoutScan = now + timeoutScanInterval
                expireTimedOutConnections(now: now)
                resumeListenerIfDue(now: now)
                releaseMemoryIfIdle()
            }
        }
        tearDown()
    }

    /// Rebuilt every turn: with at most a few thousand sockets this costs less than the system call.
    private func rebuildPollSet() {
        pollSet.removeAll(keepingCapacity: true)
        pollSetOwners.removeAll(keepingCapacity: true)
        pollSet.append(pollfd(fd: wakeupReader, events: Int16(POLLIN), revents: 0))
        pollSetOwners.append(nil)
        if listenerPausedUntil == nil {
            pollSet.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
            pollSetOwners.append(nil)
        }
        for connection in connections.values {
            pollSet.append(pollfd(fd: connection.socket, events: connection.pollEvents, revents: 0))
            pollSetOwners.append(connection)
        }
    }

    private func tearDown() {
        close(listener)
        for connection in Array(connections.values) { closeConnection(connection) }
        lock.lock()
        exited = true
        let remaining = commands
        commands = []
        let waiters = exitWaiters
        exitWaiters = []
        close(wakeupReader)
        close(wakeupWriter)
        lock.unlock()
        for command in remaining { command() }
        for waiter in waiters { waiter.resume() }
    }

    private func runCommands() {
        lock.lock()
        let batch = commands
        commands = []
        lock.unlock()
        for command in batch { command() }
    }

    private func drainWakeup() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wakeupReader, &bytes, bytes.count) > 0 {}
    }

    private func millisecondsUntilTimeoutScan() -> Int32 {
        let remaining = clock.now.duration(to: nextTimeoutScan)
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
    }

    /// A bounded batch per turn: the requests of connections already accepted are read between batches, so a
    /// flood of connections cannot make room by closing newcomers before their first request is read.
    private func acceptConnections() {
        for _ in 0..<Self.acceptsPerTurn {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                switch errno {
                case EINTR, ECONNABORTED: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors: stop polling the listener for a moment instead of spinning.
                    listenerPausedUntil = clock.now + .milliseconds(100)
                    return
                default: return
                }
            }
            // Event streams have a cap of their own, so pages always find room under this one.
            var counted = connections.count - openStreams
            if counted >= configuration.maxConnections, let waiting = longestWaiting() {
                // A newcomer is as likely a real page view as anyone, while the connection that has kept the server
                // waiting longest (sending nothing, or taking nothing of its answer) is the likeliest to be a stale
                // keep-alive, a slow client or one that stopped reading: closing it keeps clients that reconnect at
                // once, or that ask for large files and never read them, from locking everyone out.
                closeConnection(waiting)
                counted -= 1
            }
            guard counted < 2 * configuration.maxConnections else {
                close(fd)
                continue
            }
            Self.makeNonBlocking(fd)
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            nextConnectionID += 1
            let connection = Connection(
                socket: fd, id: nextConnectionID,
                overCapacity: counted >= configuration.maxConnections, now: clock.now
            )
            connections[fd] = connection
        }
    }

    /// The connection that has kept the server waiting longest: idle (between requests, its last answer sent) or
    /// still reading a request head since it started, or sending an answer since the client last took a byte of it.
    /// Never a live-reload stream (streams do not count against the cap), a request whose handler is at work or whose
    /// body is arriving, or a connection lingering after an error; nil when every connection is one of those.
    private func longestWaiting() -> Connection? {
        var oldest: (connection: Connection, since: ContinuousClock.Instant)?
        for connection in connections.values where connection.stream?.isEventStream != true {
            let since: ContinuousClock.Instant
            switch connection.phase {
            case _ where !connection.outbound.isEmpty, .streaming, .closing:
                since = connection.lastSent
            case .idle:
                since = connection.lastActivity
            case .readingRequest where !connection.headComplete:
                since = connection.requestStarted ?? connection.lastActivity
            case .readingRequest, .handling, .lingering:
                continue
            }
            if let current = oldest, current.since <= since { continue }
            oldest = (connection, since)
        }
        return oldest?.connection
    }

    /// Once every connection is gone and every handler has ended (the chunks of a file it was sending are freed only
    /// then, which on a loaded machine can be after the next tick), hands the freed buffers back to the system: glibc
    /// keeps freed memory below its mmap threshold, so after many clients the process would otherwise stay as large as
    /// at their peak.
    private func releaseMemoryIfIdle() {
        guard memoryToRelease, connections.isEmpty, handlersRunning.load(ordering: .acquiring) == 0 else { return }
        memoryToRelease = false
        MemoryRelease.trim()
    }

    private func resumeListenerIfDue(now: ContinuousClock.Instant) {
        guard let until = listenerPausedUntil, now >= until else { return }
        listenerPausedUntil = nil
    }

    /// Glibc's Swift module lacks `accept4`/`pipe2`, so the flags are set just after creation (a process
    /// spawned in that instant could inherit the descriptor, which is harmless here).
    static func makeNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
}

/// `malloc_trim`, which Glibc's Swift module does not declare; looked up once, a no-op where it is missing.
enum MemoryRelease {
    private typealias Trim = @convention(c) (Int) -> Int32

    #if canImport(Glibc)
    private static let function: Trim? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
        .map { unsafeBitCast($0, to: Trim.self) }
    #else
    private static let function: Trim? = nil
    #endif

    static func trim() { _ = function?(0) }
}
