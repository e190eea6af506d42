import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress of long work, told three ways: a live line redrawn with `\r` on a terminal; a few plain lines
/// when the output is a log (cron, CI); nothing when quiet. The CLI makes one and passes it down;
/// concurrent requests report to it from many tasks.
public final class ProgressReporter: Sendable {
    public enum Style: Sendable, Equatable {
        case liveLine, plainLines, silent
    }

    public let style: Style
    private let write: @Sendable (String) -> Void
    private let state = Mutex(State())
    /// At most this many retry lines per phase in plain mode, so a fault storm does not flood a log.
    private let plainRetryLines = 3

    public init(style: Style, write: @escaping @Sendable (String) -> Void = ProgressReporter.writeToStandardError) {
        self.style = style
        self.write = write
    }

    /// Live on a terminal, plain otherwise, silent when `quiet`. Progress goes to standard error so that
    /// standard output carries only results.
    public static func standard(quiet: Bool) -> ProgressReporter {
        if quiet { return ProgressReporter(style: .silent) }
        return ProgressReporter(style: isatty(STDERR_FILENO) == 1 ? .liveLine : .plainLines)
    }

    public static var silent: ProgressReporter { ProgressReporter(style: .silent) }

    @Sendable public static func writeToStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    public func beginPhase(_ name: String, expectedRequests: Int) {
        let now = ContinuousClock.now
        let line = state.withLock { state -> String? in
            state = State()
            state.phase = name
            state.started = now
            state.total = expectedRequests
            return style == .plainLines ? "\(name): started" : nil
        }
        emit(line, newline: true)
    }

    public func expectMoreRequests(_ count: Int) {
        state.withLock { $0.total += count }
    }

    public func requestFinished(bytes: Int, isImage: Bool) {
        let now = ContinuousClock.now
        let output = state.withLock { state -> String? in
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

    public func retrying(url: String, problem: String, delay: Duration) {
        let line = state.withLock { state -> String? in
            state.retries += 1
            guard style == .plainLines, state.retries <= plainRetryLines else { return nil }
            let more = state.retries == plainRetryLines ? " (further retries are counted, not logged)" : ""
            return "\(state.phase): retrying \(url) in \(Self.format(delay)) after \(problem)\(more)"
        }
        emit(line, newline: true)
    }

    public func finishPhase() {
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

    static func format(_ duration: Duration) -> String {
        String(format: "%.1fs", duration.seconds)
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

        func statusLine(now: ContinuousClock.Instant) -> String {
            let elapsed = max((now - started).seconds, 0.001)
            var parts = ["\(done)/\(total) requests"]
            if images > 0 { parts.append("\(images) images") }
            parts.append(ByteCount.format(bytes))
            parts.append("\(ByteCount.format(Int(Double(bytes) / elapsed)))/s")
            if retries > 0 { parts.append("\(retries) retries") }
            if done > 0, done < total {
                let remaining = elapsed / Double(done) * Double(total - done)
                parts.append("ETA \(Int(remaining.rounded(.up)))s")
            } else if done >= total {
                parts.append(String(format: "%.1fs", elapsed))
            }
            return "\(phase): " + parts.joined(separator: ", ")
        }
    }
}
