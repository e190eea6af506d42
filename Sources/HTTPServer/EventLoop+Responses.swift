/// Getting a handler's answer onto the wire. The async half runs in the handler's task; the
/// `execute` blocks run on the loop thread.
extension EventLoop {
    func respond(_ response: HTTPResponse, context: RequestContext) async {
        if case .sized(let length, let chunks) = response.body {
            await sendSized(chunks, length: length, response: response, context: context)
            return
        }
        guard case .stream(let stream) = response.body else {
            execute { [self] in deliver(response, context: context) }
            return
        }
        guard !context.isHead, !HTTPStatus.forbidsBody(response.status) else {
            execute { [self] in deliver(response, context: context) }
            await discard(stream)
            return
        }
        await send(stream, response: response, context: context)
    }

    /// Consumes an unsent stream in a cancelled task, so its producer's `onTermination` runs and a
    /// broadcaster does not keep feeding a subscriber that will never read.
    private func discard(_ stream: AsyncStream<[UInt8]>) async {
        await withTaskGroup(of: Void.self) { group in
            group.cancelAll()
            group.addTask { for await _ in stream {} }
        }
    }

    private func send(_ body: AsyncStream<[UInt8]>, response: HTTPResponse, context: RequestContext) async {
        let (closed, closedObserver) = AsyncStream<Never>.makeStream()
        let started = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            execute { [self] in
                continuation.resume(returning: beginStream(response, context: context, closeObserver: closedObserver))
            }
        }
        guard started else {
            await discard(body)
            return
        }
        // Whichever ends first wins: the body finishing, or the connection closing (client gone or
        // server stopping), which cancels the body's consumption and so its producer.
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                for await chunk in body where !chunk.isEmpty {
                    guard await sendChunk(chunk, context: context) else { return }
                }
                execute { [self] in endStream(context: context) }
            }
            group.addTask {
                for await _ in closed {}
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// Sends a `.sized` body as its producer makes it; see `HTTPResponse.Body.sized` for what a failure does.
    private func sendSized(_ chunks: AsyncThrowingStream<[UInt8], any Error>, length: Int, response: HTTPResponse,
                           context: RequestContext) async {
        guard !context.isHead, !HTTPStatus.forbidsBody(response.status) else {
            var head = response
            head.body = .bytes([])
            head.headers["Content-Length"] = String(length)
            execute { [self, head] in deliver(head, context: context) }
            return
        }
        var remaining = length
        var started = false
        do {
            var iterator = chunks.makeAsyncIterator()
            while remaining > 0, let chunk = try await iterator.next() {
                guard !chunk.isEmpty else { continue }
                if !started {
                    started = await beginSized(response, length: length, context: context)
                    guard started else { return }
                }
                let part = chunk.count <= remaining ? chunk : Array(chunk.prefix(remaining))
                guard await sendChunk(part, context: context) else { return }
                remaining -= part.count
            }
        } catch {
            // Nothing to report but the short body itself: what was promised can no longer be sent.
        }
        if remaining == 0 && !started {
            started = await beginSized(response, length: length, context: context)
            guard started else { return }
        }
        let complete = remaining == 0
        execute { [self, started] in
            guard let connection = connection(context.connection) else { return }
            if !started {
                closeConnection(connection)
            } else {
                endStream(context: context, aborted: !complete)
            }
        }
    }

    private func beginSized(_ response: HTTPResponse, length: Int, context: RequestContext) async -> Bool {
        await withCheckedContinuation { continuation in
            execute { [self] in
                guard let connection = connection(context.connection), connection.phase == .handling else {
                    continuation.resume(returning: false)
                    return
                }
                let keepAlive = context.keepAlive && !(connection.peerClosed && connection.inbound.isEmpty)
                connection.phase = .streaming
                connection.stream = Connection.StreamState(isEventStream: false, chunked: false, keepAlive: keepAlive, closeObservers: [])
                connection.outbound.append { output in
                    ResponseEncoder.head(status: response.status, headers: response.headers, framing: .length(length),
                                         close: !keepAlive, into: &output)
                }
                flush(connection)
                continuation.resume(returning: true)
            }
        }
    }

    private func sendChunk(_ chunk: [UInt8], context: RequestContext) async -> Bool {
        await withCheckedContinuation { continuation in
            execute { [self] in
                guard let connection = connection(context.connection), var stream = connection.stream else {
                    continuation.resume(returning: false)
                    return
                }
                connection.outbound.append { output in
                    if stream.chunked { ResponseEncoder.chunk(chunk, into: &output) } else { output.append(contentsOf: chunk) }
                }
                if connection.outbound.pendingCount > Self.streamHighWater {
                    stream.drainWaiters.append(continuation)
                    connection.stream = stream
                } else {
                    continuation.resume(returning: true)
                }
                flush(connection)
            }
        }
    }

    private func beginStream(_ response: HTTPResponse, context: RequestContext,
                             closeObserver: AsyncStream<Never>.Continuation) -> Bool {
        guard let connection = connection(context.connection), connection.phase == .handling else {
            closeObserver.finish()
            return false
        }
        guard openStreams < configuration.maxEventStreams else {
            closeObserver.finish()
            answerAndClose(connection, status: 503, headers: ["Retry-After": "1"], explanation:
                "Too many event streams are open (at most \(configuration.maxEventStreams)); close pages you no longer need, then reload this one.")
            return false
        }
        openStreams += 1
        // HTTP/1.0 has no chunked coding: there the body ends with the connection.
        let chunked = context.version == "HTTP/1.1"
        let keepAlive = chunked && context.keepAlive && !connection.peerClosed
        connection.phase = .streaming
        connection.stream = Connection.StreamState(chunked: chunked, keepAlive: keepAlive, closeObservers: [closeObserver])
        connection.outbound.append { output in
            ResponseEncoder.head(status: response.status, headers: response.headers,
                                 framing: chunked ? .chunked : .closeDelimited, close: !keepAlive, into: &output)
        }
        flush(connection)
        return true
    }

    /// An aborted body is left short: the connection closes once what was sent is flushed.
    private func endStream(context: RequestContext, aborted: Bool = false) {
        guard let connection = connection(context.connection), let stream = connection.stream else { return }
        connection.stream = nil
        if stream.isEventStream { openStreams -= 1 }
        for observer in stream.closeObservers { observer.finish() }
        for waiter in stream.drainWaiters { waiter.resume(returning: false) }
        if stream.chunked && !aborted { connection.outbound.append(ResponseEncoder.lastChunk) }
        finish(connection, keepAlive: stream.keepAlive && !aborted)
    }

    private func deliver(_ response: HTTPResponse, context: RequestContext) {
        guard let connection = connection(context.connection), connection.phase == .handling else { return }
        var body: [UInt8] = []
        if case .bytes(let bytes) = response.body { body = bytes }
        // A client that half-closed after pipelining still gets answers to what it already sent.
        let keepAlive = context.keepAlive && !(connection.peerClosed && connection.inbound.isEmpty)
        let framing: ResponseEncoder.Framing
        if HTTPStatus.forbidsBody(response.status) {
            framing = .none
            body = []
        } else if context.isHead {
            // HEAD answers describe the GET body; a handler may state its length without sending it.
            let stated = response.headers["Content-Length"].flatMap { Int($0) }
            framing = .length(body.isEmpty ? stated ?? 0 : body.count)
            body = []
        } else {
            framing = .length(body.count)
        }
        connection.outbound.append { output in
            ResponseEncoder.head(status: response.status, headers: response.headers, framing: framing,
                                 close: !keepAlive, into: &output)
            output.append(contentsOf: body)
        }
        finish(connection, keepAlive: keepAlive)
    }

    /// After a response: wait for the next request, or close once everything is sent.
    private func finish(_ connection: Connection, keepAlive: Bool) {
        if keepAlive {
            connection.phase = .idle
            connection.lastActivity = clock.now
        } else {
            connection.phase = .closing
            connection.closeAfterFlush = true
        }
        flush(connection)
    }
}
