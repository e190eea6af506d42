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
