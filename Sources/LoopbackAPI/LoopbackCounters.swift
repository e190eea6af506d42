/// What the loopback API has seen since it started or since `resetCounters()`.
package struct LoopbackCounters: Sendable, Equatable {
    package var requests = 0
    /// Requests carrying `If-None-Match` or `If-Modified-Since`.
    package var conditionalRequests = 0
    package var notModified = 0
    /// Avatar requests answered with a picture (304s and errors excluded).
    package var imagesServed = 0
    package var faultsInjected = 0
    /// Requests the rate limit turned away (also counted in `requests`, not in `faultsInjected`).
    package var throttled = 0
    /// The most requests being handled at the same moment (latency included).
    package var maxInFlight = 0
    package var bytesServed = 0

    package init() {}
}
