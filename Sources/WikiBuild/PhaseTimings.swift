import Primitives

/// How long each named phase took, in order, for the one-line-per-phase log. A phase that ran alongside
/// the one before it is joined to it by " | " in the line; `total` is the wall time, counting overlaps once.
struct PhaseTimings: Sendable {
    struct Phase: Sendable {
        let name: String
        let duration: Duration
        /// Ran at the same time as the phase before it.
        let alongside: Bool
    }

    private(set) var phases: [Phase] = []
    private let clock = ContinuousClock()
    private var span: (start: ContinuousClock.Instant, end: ContinuousClock.Instant)?

    mutating func measure<T>(_ name: String, _ work: () async throws -> T) async rethrows -> T {
        let (value, duration) = try await Self.timed(work)
        append(name, duration, alongside: false)
        return value
    }

    /// Records work started earlier with `timed` and awaited just now as a phase that ran alongside the one before.
    mutating func record<T>(_ name: String, alongside result: (T, Duration)) -> T {
        append(name, result.1, alongside: true)
        return result.0
    }

    /// The phases of `other`, timed apart (in a task of their own), the first of them `alongside` the phase before.
    mutating func record(_ other: PhaseTimings, alongside: Bool) {
        for (index, phase) in other.phases.enumerated() {
            phases.append(Phase(name: phase.name, duration: phase.duration, alongside: alongside && index == 0))
        }
        guard let added = other.span else { return }
        span = (min(span?.start ?? added.start, added.start), max(span?.end ?? added.end, added.end))
    }

    /// A phase that has just ended.
    private mutating func append(_ name: String, _ duration: Duration, alongside: Bool) {
        phases.append(Phase(name: name, duration: duration, alongside: alongside))
        let end = clock.now
        span = (span?.start ?? end - duration, end)
    }

    /// From the start of the first phase to the end of the last: overlaps count once.
    var total: Duration { span.map { $0.end - $0.start } ?? .zero }

    /// `work`'s result and how long it took, for a phase run concurrently (see `record`).
    static func timed<T>(_ work: () async throws -> T) async rethrows -> (T, Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try await work()
        return (value, clock.now - start)
    }

    /// "lock 1 ms, theme 6 ms | data 11 ms, check 1 ms".
    var line: String {
        var text = ""
        for phase in phases {
            if !text.isEmpty { text += phase.alongside ? " | " : ", " }
            text += "\(phase.name) \(DurationText.elapsed(phase.duration))"
        }
        return text
    }
}

extension SiteBuild.Report {
    /// The build's wall time, from its first phase to its last.
    package var duration: Duration { timings.total }
}
