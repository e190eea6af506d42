import Foundation
import Primitives

/// Decides when a request may go on the wire; every request of one client (and its copies) shares it.
///
/// Until the API throttles (429, or 503 with `Retry-After`) the only limit is the configured concurrency.
/// A throttling answer is flow control, not failure, and changes three things for everyone:
/// - a pause: no request starts until the `Retry-After` (jittered) has passed, queued ones included;
/// - a pace: starts are spaced 1/rate apart, the rate set just under what the API let through in the second
///   before it throttled, then raised by a small step per second to find out whether it allows more (the step
///   doubles every ten seconds without throttling, so that a one-off 429 does not slow a whole fetch down);
/// - fewer in flight: the window halves and grows back by one per window of answers.
/// Pace and window are additive increase, multiplicative decrease. A slot is held only while a request is on the wire, not
/// during a failure's backoff, so a waiting retry does not starve the others; waiters are served in order.
actor RequestLimiter {
    /// What a request carries from `acquire` to `finish`.
    struct Ticket: Sendable {
        let started: ContinuousClock.Instant
        /// Cuts so far when it started: a throttling answer to a request sent before the last cut says nothing new.
        let generation: Int
        /// Set on the first start after a cut, for progress to tell.
        let newPace: Pace?
    }

    /// How a request ended, as flow control sees it.
    enum Outcome: Sendable, Equatable {
        /// Any HTTP answer but throttling, errors included: the API let the request through.
        case answered
        case throttled(pause: Duration)
        /// No answer at all (timeout, broken connection): most likely let through, since a limit answers at once,
        /// but no sign that more in flight would be welcome.
        case noAnswer
        /// Throttled with a wait past the fetch's time limit, so the fetch fails: no pause, no cut, nothing learnt.
        case abandoned
    }

    struct Pace: Sendable, Equatable {
        var requestsPerSecond: Double
        var inFlight: Int
    }

    /// The new rate is at most this share of what got through in the second before the throttling answer...
    static let decrease = 0.9
    /// ...and at most this share of the rate before: a throttling answer while already under the limit (requests
    /// bunched up on the way) still slows down a little, so that it does not recur every few seconds.
    static let decreaseOfRate = 0.97
    /// The rate grows by this share of its value after a cut, each second, until the next cut. Slow on purpose:
    /// each cut costs a whole pause (a second of nothing against a per-second limit), so probing too often wastes
    /// more than going a little under the limit does.
    static let growthPerSecond = 1.0 / 256
    /// A steady limit throttles again well within this; a pace that has not been throttled for this long was
    /// probably set too low, and its growth doubles.
    static let growthDoublingPeriod = 10.0
    /// One request a minute: slower than any API meant to be used, so the rate cannot sink towards zero.
    static let minimumRate = 1.0 / 60

    private let clock = ContinuousClock()
    private let ceiling: Int
    private var window: Double
    private var inFlight = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var generation = 0
    private var pausedUntil: ContinuousClock.Instant?
    /// Set by a cut, settled at the first start after its pause, when the answers of the requests that were in
    /// flight at the cut have arrived and show what the API let through.
    private var pendingCut: (at: ContinuousClock.Instant, rateBefore: Double?)?
    private var rate: Rate?
    private var nextStart: ContinuousClock.Instant?
    /// Start times of requests not throttled, kept for one second before the cut being settled (or before now).
    private var letThroughStarts: [ContinuousClock.Instant] = []

    /// Linear growth from `base` since `since`, twice as steep every `growthDoublingPeriod`.
    private struct Rate {
        var base: Double
        var since: ContinuousClock.Instant

        func value(at instant: ContinuousClock.Instant) -> Double {
            let period = RequestLimiter.growthDoublingPeriod
            let elapsed = max((instant - since).seconds, 0)
            let doublings = min((elapsed / period).rounded(.down), 40)
            let steep = pow(2, doublings)
            // The periods done (1 + 2 + … = steep - 1 of them at the first step), then the part of this one.
            let periods = steep - 1 + steep * (elapsed - doublings * period) / period
            return base * (1 + RequestLimiter.growthPerSecond * period * periods)
        }
    }

    init(limit: Int) {
        ceiling = max(1, limit)
        window = Double(ceiling)
    }

    /// The pace since the last throttling answer (during its pause, the one that will follow); nil when the API
    /// never throttled.
    var pace: Pace? {
        let now = clock.now
        guard let requestsPerSecond = pendingCut.map(estimate) ?? rate?.value(at: now) else { return nil }
        return Pace(requestsPerSecond: requestsPerSecond, inFlight: allowedInFlight)
    }

    /// Waits for a slot, for the end of any pause, and for the pace's next start. Cancellation ends the wait.
    func acquire() async throws -> Ticket {
        await takeSlot()
        var newPace: Pace?
        do {
            while true {
                // A cancelled fetch starts no request, even when its turn has come (on a loaded machine a task
                // cancelled before it ran may first run once a pause is over).
                try Task.checkCancellation()
                let now = clock.now
                if let pausedUntil, pausedUntil > now {
                    try await Task.sleep(until: pausedUntil, clock: clock)
                    continue
                }
                if let settled = settlePendingCut(now: now) { newPace = settled }
                guard let rate else {
                    return Ticket(started: now, generation: generation, newPace: newPace)
                }
                let start = max(now, nextStart ?? now)
                nextStart = start + .seconds(1 / rate.value(at: start))
                if start > now {
                    try await Task.sleep(until: start, clock: clock)
                    // A pause that began meanwhile outranks the reserved start.
                    if let pausedUntil, pausedUntil > clock.now { continue }
                }
                return Ticket(started: clock.now, generation: generation, newPace: newPace)
            }
        } catch {
            releaseSlot()
            throw error
        }
    }

    func finish(_ ticket: Ticket, _ outcome: Outcome) {
        inFlight -= 1
        switch outcome {
        case .answered, .noAnswer:
            letThroughStarts.append(ticket.started)
            let horizon = (pendingCut?.at ?? clock.now) - .seconds(1)
            // Answers arrive nearly in start order; a few late ones kept a little longer do no harm.
            if let stale = letThroughStarts.firstIndex(where: { $0 >= horizon }), stale > 0 {
                letThroughStarts.removeFirst(stale)
            }
            // Only answers to requests sent since the last cut grow the window: those sent before it say nothing
            // of the new pace, and growing on them undid part of the cut before the new pace was even shown.
            if outcome == .answered, ticket.generation == generation { window = min(Double(ceiling), window + 1 / window) }
        case .throttled(let pause) where ticket.generation == generation:
            cut(pause: pause)
        case .throttled, .abandoned:
            break
        }
        admitWaiters()
    }

    private var allowedInFlight: Int { max(1, Int(window)) }

    private func cut(pause: Duration) {
        let now = clock.now
        generation += 1
        window = max(1, (window / 2).rounded(.down))
        pausedUntil = max(pausedUntil ?? now, now + pause)
        // Nothing starts between a cut and its settling, so no second cut can come first.
        pendingCut = (now, rate?.value(at: now))
        nextStart = nil
    }

    private func settlePendingCut(now: ContinuousClock.Instant) -> Pace? {
        guard let cut = pendingCut else { return nil }
        pendingCut = nil
        let base = estimate(cut)
        rate = Rate(base: base, since: now)
        return Pace(requestsPerSecond: base, inFlight: allowedInFlight)
    }

    private func estimate(_ cut: (at: ContinuousClock.Instant, rateBefore: Double?)) -> Double {
        let earliest = cut.at - .seconds(1)
        let letThrough = letThroughStarts.filter { $0 >= earliest && $0 <= cut.at }.count
        let fromRate = Self.decreaseOfRate * (cut.rateBefore ?? .infinity)
        return max(Self.minimumRate, min(fromRate, Self.decrease * Double(max(letThrough, 1))))
    }

    private func takeSlot() async {
        if waiters.isEmpty, inFlight < allowedInFlight {
            inFlight += 1
            return
        }
        // Whoever resumes us has counted us in.
        await withCheckedContinuation { waiters.append($0) }
    }

    private func releaseSlot() {
        inFlight -= 1
        admitWaiters()
    }

    private func admitWaiters() {
        while inFlight < allowedInFlight, !waiters.isEmpty {
            inFlight += 1
            waiters.removeFirst().resume()
        }
    }
}
