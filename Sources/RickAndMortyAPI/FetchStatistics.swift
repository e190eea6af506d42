/// What a fetch cost. `requests` counts every attempt sent; `retries` the attempts sent again after a real
/// failure; `throttled` the attempts the API answered with throttling (each sent again after the pause).
public struct FetchStatistics: Sendable, Equatable {
    public var requests = 0
    public var conditionalRequests = 0
    public var notModified = 0
    public var retries = 0
    public var throttled = 0
    public var bytes = 0
    public var imagesDownloaded = 0

    public init() {}

    public static func + (lhs: FetchStatistics, rhs: FetchStatistics) -> FetchStatistics {
        var sum = lhs
        sum.requests += rhs.requests
        sum.conditionalRequests += rhs.conditionalRequests
        sum.notModified += rhs.notModified
        sum.retries += rhs.retries
        sum.throttled += rhs.throttled
        sum.bytes += rhs.bytes
        sum.imagesDownloaded += rhs.imagesDownloaded
        return sum
    }
}
