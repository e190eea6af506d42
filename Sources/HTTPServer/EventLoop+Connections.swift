#if canImport(Glibc)
import Glibc
#endif

/// Reading, parsing, writing and closing; all on the loop thread.
extension EventLoop {
    func handleSocketEvent(_ connection: Connection, events: Int16) {
        guard connections[connection.socket] === connection else { return }
        if events & Int16(POLLERR | POLLNVAL) != 0 {
            closeConnection(connection)
            return
        }
        if events & Int16(POLLOUT) != 0 {
            flush(connection)
            guard connections[connection.socket] === connection else { return }
        }
        if events & Int16(POLLIN) != 0 {
            readAvailable(connection)
        } else if events & Int16(POLLHUP) != 0 {
            closeConnection(connection)
        }
    }

    private func readAvailable(_ connection: Connection) {
        let count = readBuffer.withUnsafeMutableBytes { recv(connection.socket, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { closeConnection(connection) }
            return
        }
        if count == 0 {
            peerFinishedSending(connection)
            return
        }
        // Discarded bytes are no progress: a lingering client trickling a byte a second must not keep its
        // connection (and a place under the cap) beyond the linger's own deadline.
        if connection.phase == .lingering { return }
        connection.lastActivity = clock.now
        connection.inbound.append(contentsOf: readBuffer[0..<count])
        process(connection)
        updateInterest(connection)
    }

    private func peerFinishedSending(_ connection: Connection) {
        switch connection.phase {
        case .handling, .closing:
            // A client may half-close after its request; it still gets the answer.
            connection.peerClosed = true
            updateInterest(connection)
        case .idle, .readingRequest:
            guard !connection.inbound.isEmpty || !connection.outbound.isEmpty else {
                closeConnection(connection)
                return
            }
            // Pipelined requests or unsent answers remain: finish them, then close.
            connection.peerClosed = true
            process(connection)
            if connections[connection.socket] === connection { updateInterest(connection) }
        case .streaming, .lingering:
            closeConnection(connection)
        }
    }

    /// Parses and dispatches the next buffered request when the connection is free for one.
    func process(_ connection: Connection) {
        guard connection.phase == .idle || connection.phase == .readingRequest else { return }
        // Answers go out in order: the next pipelined request waits until the previous answer is sent.
        guard connection.outbound.isEmpty else { return }
        guard !connection.inbound.isEmpty else {
            connection.phase = .idle
            if connection.peerClosed { closeConnection(connection) }
            return
        }
        switch parser.parse(connection.inbound) {
        case .incomplete(let headComplete, let expectsContinue):
            if connection.phase == .idle {
                connection.phase = .readingRequest
                connection.requestStarted = clock.now
            }
            connection.headComplete = headComplete
            if connection.peerClosed {
                closeConnection(connection)
            } else if headComplete && expectsContinue && !connection.sentContinue && !connection.overCapacity {
                connection.sentContinue = true
                connection.outbound.append(ResponseEncoder.continueResponse)
                flush(connection)
            }
        case .failure(let status, let explanation):
            answerAndClose(connection, status: status, explanation: explanation)
        case .complete(let parsed, let consumed):
            connection.inbound.removeFirst(consumed)
            connection.sentContinue = false
            connection.requestStarted = nil
            connection.headComplete = false
            if connection.overCapacity {
                answerAndClose(connection, status: 503, headers: ["Retry-After": "1"])
                return
            }
            connection.phase = .handling
            let context = RequestContext(
                connection: connection.reference, method: parsed.request.method,
                version: parsed.request.version, keepAlive: parsed.keepAlive
            )
            let request = parsed.request
            handlersRunning.add(1, ordering: .relaxed)
            dispatch { [handler, self] in
                let response = await handler.handle(request)
                await respond(response, context: context)
                handlersRunning.subtract(1, ordering: .releasing)
            }
        }
    }

    /// Answers a protocol error or refusal from the loop itself, then closes.
    func answerAndClose(_ connection: Connection, status: Int, headers: HTTPHeaders = [:], explanation: String? = nil) {
        let response = HTTPResponse.status(status, headers: headers, explanation: explanation)
        guard case .bytes(let body) = response.body else { return }
        connection.phase = .closing
        connection.closeAfterFlush = true
        connection.inbound = []
        connection.outbound.append { output in
            ResponseEncoder.head(status: status, headers: response.headers, framing: .length(body.count), close: true, into: &output)
            output.append(contentsOf: body)
        }
        flush(connection)
    }

    /// Sends what the socket accepts now, then moves the connection on if everything went out.
    func flush(_ connection: Connection) {
        switch connection.outbound.flush(to: connection.socket, streaming: connection.phase == .streaming) {
        case .failed:
            closeConnection(connection)
            return
        case .progressed:
            connection.lastActivity = clock.now
            connection.lastSent = connection.lastActivity
        case .wouldBlock:
            break
        }
        guard connection.outbound.isEmpty else {
            updateInterest(connection)
            return
        }
        if var stream = connection.stream, !stream.drainWaiters.isEmpty {
            let waiters = stream.drainWaiters
            stream.drainWaiters = []
            connection.stream = stream
            for waiter in waiters { waiter.resume(returning: true) }
        }
        if connection.closeAfterFlush {
            startLingering(connection)
        } else if connection.phase == .idle || connection.phase == .readingRequest {
            process(connection)
        }
        if connections[connection.socket] === connection { updateInterest(connection) }
    }

    private func startLingering(_ connection: Connection) {
        guard connection.phase != .lingering else { return }
        if connection.peerClosed {
            closeConnection(connection)
            return
        }
        Glibc.shutdown(connection.socket, Int32(SHUT_WR))
        connection.phase = .lingering
        connection.inbound = []
        // The linger's deadline counts from here; nothing read while lingering moves it.
        connection.lastActivity = clock.now
    }

    func updateInterest(_ connection: Connection) {
        var events: Int16 = 0
        let wantsRead: Bool = switch connection.phase {
        case .lingering: !connection.peerClosed
        // Parsing waits while an answer is unsent, so only then can unparsed bytes pile up.
        case .idle, .readingRequest:
            !connection.peerClosed && (connection.outbound.isEmpty || connection.inbound.count < Self.pipelineLimit)
        case .handling, .streaming: !connection.peerClosed && connection.inbound.count < Self.pipelineLimit
        case .closing: false
        }
        if wantsRead { events |= Int16(POLLIN) }
        if !connection.outbound.isEmpty { events |= Int16(POLLOUT) }
        connection.pollEvents = events
    }

    func closeConnection(_ connection: Connection) {
        guard connections[connection.socket] === connection else { return }
        connections[connection.socket] = nil
        close(connection.socket)
        if connections.isEmpty { memoryToRelease = true }
        if let stream = connection.stream {
            connection.stream = nil
            if stream.isEventStream { openStreams -= 1 }
            for observer in stream.closeObservers { observer.finish() }
            for waiter in stream.drainWaiters { waiter.resume(returning: false) }
        }
    }

    func connection(_ reference: ConnectionReference) -> Connection? {
        guard let connection = connections[reference.socket], connection.id == reference.id else { return nil }
        return connection
    }

    func expireTimedOutConnections(now: ContinuousClock.Instant) {
        for connection in Array(connections.values) {
            if !connection.outbound.isEmpty {
                // The client stopped reading what we send.
                if now - connection.lastSent >= configuration.idleTimeout { closeConnection(connection) }
                continue
            }
            switch connection.phase {
            case .idle:
                if now - connection.lastActivity >= configuration.idleTimeout { closeConnection(connection) }
            case .readingRequest:
                if let started = connection.requestStarted, now - started >= configuration.requestTimeout {
                    answerAndClose(connection, status: 408)
                }
            case .lingering:
                if now - connection.lastActivity >= lingerTimeout { closeConnection(connection) }
            case .handling, .streaming, .closing:
                break
            }
        }
    }
}
