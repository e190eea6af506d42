/// A misbehaviour the loopback API can show instead of (or before) its normal answer.
package enum LoopbackFault: Sendable, Equatable {
    /// This status with a JSON error body, e.g. 500 or 503.
    case status(Int)
    /// 429 with this `Retry-After` value (delay-seconds or an HTTP date).
    case tooManyRequests(retryAfter: String)
    /// Waits this long, then answers normally (on top of the server's fixed latency).
    case delay(Duration)
    /// The normal head with the full `Content-Length`, then only this many body bytes (at least 1), then a closed
    /// connection.
    case truncateBody(afterBytes: Int)
    /// The normal status and headers with a body that is not valid JSON (a complete response, so only
    /// decoding can tell).
    case malformedJSON
    /// The normal status with this body instead (e.g. valid JSON with a field of the wrong type).
    case replaceBody([UInt8], contentType: String)
    /// The normal status with a body of this many filler bytes, streamed chunk by chunk as the client reads it
    /// and without a `Content-Length`, so only counting tells a client it is too long.
    case streamedBody(bytes: Int, contentType: String)
    /// Closes the connection without answering.
    case dropConnection
    /// Answers normally once the gate is opened (see `LoopbackGate`).
    case hold(LoopbackGate)
    /// 302 to this location: a path on this server, pointing it at the request's own path makes a loop; or a
    /// URL on another host, which a client must not follow there.
    case redirect(to: String)
}
