/// What the requests of one operation share: its counters and where it reports progress.
struct RequestRun: Sendable {
    let statistics = Locked(FetchStatistics())
    let progress: ProgressReporter

    var totals: FetchStatistics { statistics.withLock { $0 } }
}
