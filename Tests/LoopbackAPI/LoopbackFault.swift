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
    /// The normal status and headers with a JSON document that stops in the middle, as a body cut where the
    /// framing cannot tell (a connection closed early, without `Content-Length`): only decoding can tell.
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
    /// This status (301, 302, 307, 308) to the request's own target with a `/` after the path
    /// (`/api/character?page=2` → `/api/character/?page=2`), as a static file server answers a folder's name.
    case addTrailingSlash(status: Int)
}

/// When a fault is injected: which requests it matches and how many times it fires.
package struct LoopbackFaultRule: Sendable, Equatable {
    package enum Match: Sendable, Equatable {
        /// Every request.
        case any
        /// The request target exactly as sent, e.g. `/api/character?page=3` or `/api/character/avatar/1.jpeg`.
        case path(String)
        /// Targets that start with this, e.g. `/api/character/avatar/` for every picture.
        case pathPrefix(String)
        /// The n-th requests (1-based) counted from when the fault plan was set.
        case requestNumbers(Set<Int>)
        /// Every n-th request counted the same way: steady background faults, such as a 500 every 9th.
        case everyNth(Int)
    }

    package var match: Match
    package var fault: LoopbackFault
    /// How many matching requests get the fault; nil for all of them.
    package var times: Int?

    package init(_ match: Match, _ fault: LoopbackFault, times: Int? = nil) {
        self.match = match
        self.fault = fault
        self.times = times
    }

    func matches(target: String, number: Int) -> Bool {
        switch match {
        case .any: true
        case .path(let path): target == path
        case .pathPrefix(let prefix): target.hasPrefix(prefix)
        case .requestNumbers(let numbers): numbers.contains(number)
        case .everyNth(let period): period > 0 && number % period == 0
        }
    }
}

/// A steady limit like the public API's: at most `requests` let through in any `window` (sliding; one second
/// unless a test wants a window no machine is slow enough to outlast), the rest answered 429 with `Retry-After`.
/// Requests it turns away do not count, so a client that keeps asking is not locked out for ever; those it lets
/// through count whatever their answer, faults included, since a limit sits in front of the application.
package struct LoopbackRateLimit: Sendable, Equatable {
    package var requests: Int
    package var window: Duration
    package var retryAfter: String

    package init(requests: Int, per window: Duration = .seconds(1), retryAfter: String = "1") {
        self.requests = max(1, requests)
        self.window = window
        self.retryAfter = retryAfter
    }
}
