import Synchronization

/// Holds matching requests unanswered until a test opens it, so a test can keep a client busy at a
/// known point (a build holding its lock, a refresh mid-fetch) for exactly as long as it needs,
/// instead of hoping the client is still running when it looks.
package final class LoopbackGate: Sendable, Equatable {
    private struct State {
        var held = 0
        var open = false
        var arrivalWaiters: [CheckedContinuation<Void, Never>] = []
        var heldRequests: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    package init() {}

    package static func == (left: LoopbackGate, right: LoopbackGate) -> Bool { left === right }

    /// Returns once a request is being held (at once if one already was).
    package func waitForArrival() async {
        await withCheckedContinuation { continuation in
            state.withLock { state in
                if state.held > 0 || state.open {
                    continuation.resume()
                } else {
                    state.arrivalWaiters.append(continuation)
                }
            }
        }
    }

    /// Lets every held request and every later one through.
    package func open() {
        let released = state.withLock { state in
            state.open = true
            defer { state.heldRequests = []; state.arrivalWaiters = [] }
            return state.heldRequests + state.arrivalWaiters
        }
        released.forEach { $0.resume() }
    }

    /// The handler's side: waits until the gate opens. A stopping server cancels its handlers; that opens
    /// the gate, so a test that failed before opening it cannot hang the server's stop.
    func pass() async {
        await withTaskCancellationHandler { await wait() } onCancel: { open() }
    }

    private func wait() async {
        await withCheckedContinuation { continuation in
            let arrivals = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                if state.open {
                    continuation.resume()
                    return []
                }
                state.held += 1
                state.heldRequests.append(continuation)
                defer { state.arrivalWaiters = [] }
                return state.arrivalWaiters
            }
            arrivals.forEach { $0.resume() }
        }
    }
}
