import Synchronization

/// What the requests of one operation share: its counters and where it reports progress.
final class RequestRun: Sendable {
    let statistics = Mutex(FetchStatistics())
    let progress: ProgressReporter

    init(progress: ProgressReporter) {
        self.progress = progress
    }

    var totals: FetchStatistics { statistics.withLock { $0 } }
}

/// What a fetch cost. `requests` counts every attempt sent; `retries` the attempts sent again after a real
/// failure; `throttled` the attempts the API answered with throttling (each sent again after the pause).
package struct FetchStatistics: Sendable, Equatable {
    package var requests = 0
    var conditionalRequests = 0
    var notModified = 0
    package var retries = 0
    package var throttled = 0
    package var bytes = 0
    package var imagesDownloaded = 0

    package init() {}

    static func + (lhs: FetchStatistics, rhs: FetchStatistics) -> FetchStatistics {
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
