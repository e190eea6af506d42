/// What the loopback API has seen since it started or since `resetCounters()`.
public struct LoopbackCounters: Sendable, Equatable {
    public var requests = 0
    /// Requests carrying `If-None-Match` or `If-Modified-Since`.
    public var conditionalRequests = 0
    public var notModified = 0
    /// Avatar requests answered with a picture (304s and errors excluded).
    public var imagesServed = 0
    public var faultsInjected = 0
    /// Requests the rate limit turned away (also counted in `requests`, not in `faultsInjected`).
    public var throttled = 0
    /// The most requests being handled at the same moment (latency included).
    public var maxInFlight = 0
    public var bytesServed = 0

    public init() {}
}
