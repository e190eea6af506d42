import Foundation
import Primitives
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress of long work, told three ways: a live line redrawn with `\r` on a terminal; a few plain lines
/// when the output is a log (cron, CI); nothing when quiet. The CLI makes one and passes it down;
/// concurrent requests report to it from many tasks.
package final class ProgressReporter: Sendable {
    package enum Style: Sendable, Equatable {
        case liveLine, plainLines, silent
    }

    let style: Style
    private let write: @Sendable (String) -> Void
    private let state = Mutex(State())
    /// At most this many retry lines per phase in plain mode, so a fault storm does not flood a log.
    private let plainRetryLines = 3
    /// Throttling changes pace every few seconds on a long fetch; the status lines show it from then on.
    private let plainThrottleLines = 3

    /// How far a job got over all its phases so far: what a time limit reports when it cuts the job short.
    package struct Tally: Sendable, Equatable {
        var phase: String
        var done: Int
        var expected: Int
    }

    package init(style: Style, write: @escaping @Sendable (String) -> Void = ProgressReporter.writeToStandardError) {
        self.style = style
        self.write = write
    }

    /// Live on a terminal, plain otherwise, silent when `quiet`. Progress goes to standard error so that
    /// standard output carries only results.
    static func standard(quiet: Bool) -> ProgressReporter {
        if quiet { return ProgressReporter(style: .silent) }
        return ProgressReporter(style: isatty(STDERR_FILENO) == 1 ? .liveLine : .plainLines)
    }

    package static var silent: ProgressReporter { ProgressReporter(style: .silent) }

    @Sendable static func writeToStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    func beginPhase(_ name: String, expectedRequests: Int) {
        let now = ContinuousClock.now
        let line = state.withLock { state -> String? in
            // The client keeps its pace from one phase to the next, so the status line keeps showing it.
            let early = state.nextPhase
            state = State(
                jobDone: state.jobDone, jobExpected: state.jobExpected + expectedRequests, throttle: state.throttle)
            state.phase = name
            state.started = early?.started ?? now
            state.total = (early?.total ?? 0) + expectedRequests
            state.done = early?.done ?? 0
            state.images = early?.images ?? 0
            state.bytes = early?.bytes ?? 0
            state.retries = early?.retries ?? 0
            return style == .plainLines && early?.name != name ? "\(name): started" : nil
        }
        emit(line, newline: true)
    }

    func expectMoreRequests(_ count: Int) {
        state.withLock {
            $0.total += count
            $0.jobExpected += count
        }
    }

    /// Requests of the phase `name` that follows the current one, started early beside it (pictures while record
    /// pages still arrive): counted in the job at once, and in their own phase, which `beginPhase(name, …)` then
    /// takes over with what they did so far. Until then image requests, their retries included, count there.
    func expectRequestsOfNextPhase(_ name: String, _ count: Int) {
        let now = ContinuousClock.now
        let line = state.withLock { state -> String? in
            state.jobExpected += count
            if state.nextPhase != nil {
                state.nextPhase?.total += count
                return nil
            }
            state.nextPhase = EarlyPhase(name: name, started: now, total: count)
            return style == .plainLines ? "\(name): started" : nil
        }
        emit(line, newline: true)
    }

    var tally: Tally {
        state.withLock { Tally(phase: $0.phase, done: $0.jobDone, expected: $0.jobExpected) }
    }

    func requestFinished(bytes: Int, isImage: Bool) {
        let now = ContinuousClock.now
        let output = state.withLock { state -> String? in
            state.jobDone += 1
            if isImage, state.nextPhase != nil {
                state.nextPhase?.done += 1
                state.nextPhase?.images += 1
                state.nextPhase?.bytes += bytes
                return nil
            }
            state.done += 1
            state.bytes += bytes
            if isImage { state.images += 1 }
            switch style {
            case .silent:
                return nil
            case .liveLine:
                // Redrawing on every response would cost more than the requests at loopback speed.
                if let last = state.lastDrawn, now - last < .milliseconds(100), state.done < state.total { return nil }
                state.lastDrawn = now
                return "\r\u{1B}[2K" + state.statusLine(now: now)
            case .plainLines:
                guard state.total > 0 else { return nil }
                let quarter = state.done * 4 / state.total
                guard quarter > state.quartersLogged, quarter < 4 else { return nil }
                state.quartersLogged = quarter
                return state.statusLine(now: now) + "\n"
            }
        }
        if let output { write(output) }
    }

    func retrying(url: String, problem: String, delay: Duration, isImage: Bool) {
        let line = state.withLock { state -> String? in
            let phase: String
            let retries: Int
            if isImage, var early = state.nextPhase {
                early.retries += 1
                state.nextPhase = early
                (phase, retries) = (early.name, early.retries)
            } else {
                state.retries += 1
                (phase, retries) = (state.phase, state.retries)
            }
            guard style == .plainLines, retries <= plainRetryLines else { return nil }
            let more = retries == plainRetryLines ? " (further retries are counted, not logged)" : ""
            return "\(phase): retrying \(url) in \(DurationText.compact(delay)) after \(problem)\(more)"
        }
        emit(line, newline: true)
    }

    /// The API throttled and the client now goes at `requestsPerSecond`, with at most `inFlight` requests on
    /// the wire.
    func throttled(_ requestsPerSecond: Double, inFlight: Int) {
        let line = state.withLock { state -> String? in
            state.throttle = (requestsPerSecond, inFlight)
            state.throttleChanges += 1
            guard style == .plainLines, state.throttleChanges <= plainThrottleLines else { return nil }
            let more = state.throttleChanges == plainThrottleLines ? " (further changes show in the status lines)" : ""
            return "\(state.phase): throttled by the API: now \(Self.format(rate: requestsPerSecond)), "
                + "\(inFlight) in flight at most\(more)"
        }
        emit(line, newline: true)
    }

    func finishPhase() {
        let now = ContinuousClock.now
        let output = state.withLock { state -> String? in
            switch style {
            case .silent: return nil
            case .liveLine: return "\r\u{1B}[2K" + state.statusLine(now: now) + "\n"
            case .plainLines: return state.statusLine(now: now) + ", done\n"
            }
        }
        if let output { write(output) }
    }

    private func emit(_ line: String?, newline: Bool) {
        guard let line else { return }
        if style == .liveLine {
            write("\r\u{1B}[2K" + line + (newline ? "\n" : ""))
        } else {
            write(line + (newline ? "\n" : ""))
        }
    }

    static func format(rate: Double) -> String {
        String(format: rate < 10 ? "%.1f requests/s" : "%.0f requests/s", rate)
    }

    struct EarlyPhase {
        var name: String
        var started: ContinuousClock.Instant
        var total: Int
        var done = 0
        var images = 0
        var bytes = 0
        var retries = 0
    }

    struct State {
        var phase = ""
        var started = ContinuousClock.now
        var total = 0
        var done = 0
        var images = 0
        var bytes = 0
        var retries = 0
        var quartersLogged = 0
        var lastDrawn: ContinuousClock.Instant?
        /// Over every phase so far.
        var jobDone = 0
        var jobExpected = 0
        var throttle: (requestsPerSecond: Double, inFlight: Int)?
        var throttleChanges = 0
        var nextPhase: EarlyPhase?

        func statusLine(now: ContinuousClock.Instant) -> String {
            let elapsed = max((now - started).seconds, 0.001)
            var parts = ["\(done)/\(total) \(CountText.noun(total, "request"))"]
            if images > 0 { parts.append(CountText.of(images, "image")) }
            parts.append(ByteCount.format(bytes))
            parts.append("\(ByteCount.format(Int(Double(bytes) / elapsed)))/s")
            if retries > 0 { parts.append(CountText.of(retries, "retry", "retries")) }
            if let throttle {
                parts.append("throttled: \(ProgressReporter.format(rate: throttle.requestsPerSecond)), \(throttle.inFlight) in flight")
            }
            if done > 0, done < total {
                let remaining = elapsed / Double(done) * Double(total - done)
                parts.append("ETA \(Int(remaining.rounded(.up)))s")
            } else if done >= total {
                parts.append(DurationText.compact(.seconds(elapsed)))
            }
            return "\(phase): " + parts.joined(separator: ", ")
        }
    }
}
