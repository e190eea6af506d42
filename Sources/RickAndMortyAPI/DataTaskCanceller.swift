import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cancels a URLSession data task from a Swift task's cancellation handler without waiting for it.
///
/// corelibs Foundation deadlocks when `URLSession.data(for:)` is cancelled just as its response completes
/// (swift-corelibs-foundation#5412, fixed upstream by #5417, not in every toolchain): the cancellation
/// handler runs holding the Swift task's status lock and `URLSessionTask.cancel()` waits for the session's
/// work queue, while that queue waits for the same lock to resume the task. A fetch that fails or times out
/// cancels its other requests, so a nightly build could hang for ever holding the build lock. Cancelling
/// from another queue breaks the cycle.
final class DataTaskCanceller: Sendable {
    private let state = Mutex<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

    /// Records the task; cancels it at once if cancellation came first.
    func attach(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelled { Self.cancelLater(task) }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        if let task { Self.cancelLater(task) }
    }

    private static func cancelLater(_ task: URLSessionDataTask) {
        DispatchQueue.global().async { task.cancel() }
    }
}
