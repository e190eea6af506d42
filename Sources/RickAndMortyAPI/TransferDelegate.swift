import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects the bodies of a session's data tasks as they arrive. A body that announces, or reaches, more than
/// its request's limit is dropped and its task cancelled at once: the client holds at most the limit per
/// request, not whatever the server sends. Redirects are followed only within the request's origin, so an answer cannot
/// send the client to a host `--api` and `--image-host` did not name.
final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer: Sendable {
        let limit: Int
        let url: String
        let continuation: CheckedContinuation<(Data, URLResponse), any Error>
        var body = Data()
        var response: URLResponse?
    }

    /// Transfers in progress by task; a transfer is removed (and its continuation resumed) exactly once, when it
    /// completes or as soon as it goes past its limit.
    private let transfers = Mutex<[Int: Transfer]>([:])

    func begin(_ task: URLSessionDataTask, limit: Int, continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        let url = task.originalRequest?.url?.absoluteString ?? "(unknown URL)"
        transfers.withLock { $0[task.taskIdentifier] = Transfer(limit: limit, url: url, continuation: continuation) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = transfers.withLock { transfers -> Transfer? in
            guard var transfer = transfers[dataTask.taskIdentifier] else { return nil }
            guard response.expectedContentLength <= Int64(transfer.limit) else {
                return transfers.removeValue(forKey: dataTask.taskIdentifier)
            }
            transfer.response = response
            transfers[dataTask.taskIdentifier] = transfer
            return nil
        }
        completionHandler(tooLarge == nil ? .allow : .cancel)
        if let tooLarge { Self.refuse(tooLarge, dataTask) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = transfers.withLock { transfers -> Transfer? in
            guard var transfer = transfers[dataTask.taskIdentifier] else { return nil }
            guard transfer.body.count + data.count <= transfer.limit else {
                return transfers.removeValue(forKey: dataTask.taskIdentifier)
            }
            transfer.body.append(data)
            transfers[dataTask.taskIdentifier] = transfer
            return nil
        }
        if let tooLarge { Self.refuse(tooLarge, dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            transfer.continuation.resume(throwing: error)
        } else if let response = transfer.response ?? task.response {
            transfer.continuation.resume(returning: (transfer.body, response))
        } else {
            transfer.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }

    /// Fails the request at once, without waiting for the cancelled task to wind down, and drops what it read.
    private static func refuse(_ transfer: Transfer, _ task: URLSessionDataTask) {
        task.cancel()
        transfer.continuation.resume(throwing: APIError.bodyTooLarge(url: transfer.url, limit: transfer.limit))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let from = task.originalRequest?.url.flatMap(ImageHosts.origin(of:))
        let sameOrigin = from != nil && request.url.flatMap(ImageHosts.origin(of:)) == from
        // Not following hands the 3xx to the client, which reports it with its URL.
        completionHandler(sameOrigin ? request : nil)
    }
}

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
