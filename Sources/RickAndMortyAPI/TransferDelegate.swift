import Foundation
import Synchronization
import Primitives
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects the bodies of a session's data tasks as they arrive, and is the only place that cancels a task.
///
/// - A body that announces, or reaches, more than its request's limit fails its request at once and its task is
///   cancelled: the client holds at most the limit per request, whatever the framing (`Content-Length`, chunked,
///   or until the connection closes) and whatever the encoding (curl decodes gzip before the bytes get here, so
///   decoded bytes are what counts).
/// - Redirects are never followed here: the 3xx comes back as the answer and `APIClient` follows it, so one place
///   decides which hosts a request may be sent on to.
/// - A task is cancelled only once its final answer has begun to arrive. corelibs Foundation aborts the process
///   ("Received callback for HTTP redirection, but we're not waiting for it") when a task is cancelled while a
///   redirect waits for this delegate's answer, and nothing outside Foundation can see that moment. A request
///   given up before its answer began is answered at once (its caller never waits for the task), and its task is
///   cancelled as soon as the answer's head arrives, or finishes by itself (a 3xx completes without a body).
final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer: Sendable {
        let limit: Int
        let url: String
        let method: String
        /// The host and port it reads from, which a cut of a stuck transfer's connections reaches.
        let origin: ConnectionCutter.Origin?
        /// Nil once the caller has its answer; the task may still be winding down.
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
        var body = Data()
        var response: URLResponse?
        /// A final (non-redirect) answer is arriving: from here on the task may be cancelled safely.
        var receivingBody = false
        /// The caller gave up before the answer began: cancel the task as soon as that is safe.
        var abandoned = false
    }

    private enum Step {
        case nothing
        case cancel(URLSessionDataTask)
        case fail(CheckedContinuation<(Data, URLResponse), any Error>, any Error, cancel: URLSessionDataTask?)
    }

    /// Transfers by task. A transfer's continuation is resumed exactly once: on completion, at the limit, or when
    /// its caller gives up.
    private let transfers = Mutex<[Int: Transfer]>([:])
    /// Tasks cancelled while their body was arriving, by the URL they read from, until they complete: one that
    /// goes on has its connection cut (`ConnectionCutter`).
    private let stopping = Mutex<[Int: URL]>([:])
    /// Transfers a cut may have ended: those receiving from the host and port of a stuck one when it was cut. A
    /// body delimited by the connection's close ends the same way whole or cut, so their end proves nothing: they
    /// fail as a broken connection, which the client retries.
    private let severed = Mutex<Set<Int>>([])

    /// Registers `task` for a caller waiting on `continuation`; the caller resumes the task.
    func begin(_ task: URLSessionDataTask, limit: Int, continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        let url = task.originalRequest?.url.map(URLText.display) ?? "(unknown URL)"
        let method = task.originalRequest?.httpMethod ?? "GET"
        let origin = ConnectionCutter.Origin(task.originalRequest?.url)
        transfers.withLock {
            $0[task.taskIdentifier] = Transfer(limit: limit, url: url, method: method, origin: origin, continuation: continuation)
        }
    }

    /// The caller no longer wants the answer (cancelled or timed out): it gets `CancellationError` now, and the
    /// task is cancelled now or as soon as that is safe. A task never resumed is always safe to cancel.
    func abandon(_ task: URLSessionDataTask, started: Bool = true) {
        let step = transfers.withLock { transfers -> Step in
            guard var transfer = transfers[task.taskIdentifier] else { return .nothing }
            let continuation = transfer.continuation
            transfer.continuation = nil
            transfer.body = Data()
            let cancel: URLSessionDataTask?
            if !started {
                // Nothing to wind down or to watch: cancelling a task never resumed only tells the session.
                transfers[task.taskIdentifier] = nil
                Self.cancelLater(task)
                cancel = nil
            } else if transfer.receivingBody {
                transfers[task.taskIdentifier] = nil
                cancel = task
            } else {
                transfer.abandoned = true
                transfers[task.taskIdentifier] = transfer
                cancel = nil
            }
            guard let continuation else { return cancel.map(Step.cancel) ?? .nothing }
            return .fail(continuation, CancellationError(), cancel: cancel)
        }
        perform(step)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let id = dataTask.taskIdentifier
        let step = transfers.withLock { transfers -> Step in
            guard var transfer = transfers[id] else { return .nothing }
            transfer.response = response
            // A 3xx that is not followed arrives here only once its transfer is over: nothing to cancel.
            guard !Self.isRedirect(response) else {
                transfers[id] = transfer
                return .nothing
            }
            if transfer.abandoned {
                transfers[id] = nil
                return .cancel(dataTask)
            }
            if response.expectedContentLength > Int64(transfer.limit) {
                transfers[id] = nil
                return Self.refusal(transfer, dataTask)
            }
            transfer.receivingBody = true
            transfers[id] = transfer
            return .nothing
        }
        // corelibs ignores the disposition; cancelling is done by `perform`.
        completionHandler(.allow)
        perform(step)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let step = transfers.withLock { transfers -> Step in
            guard let transfer = transfers[id], transfer.continuation != nil else { return .nothing }
            guard transfer.body.count + data.count <= transfer.limit else {
                transfers[id] = nil
                return Self.refusal(transfer, dataTask)
            }
            // In place: a copy of the body per chunk would make reading quadratic, and the chunks curl keeps
            // delivering meanwhile would pile up in the session's queue.
            transfers[id]?.body.append(data)
            return .nothing
        }
        perform(step)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        stopping.withLock { $0[task.taskIdentifier] = nil }
        let cut = severed.withLock { $0.remove(task.taskIdentifier) != nil }
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }),
              let continuation = transfer.continuation
        else { return }
        if let error {
            continuation.resume(throwing: error)
        } else if cut {
            continuation.resume(throwing: URLError(.networkConnectionLost))
        } else if let response = transfer.response ?? task.response {
            continuation.resume(returning: (transfer.body, response))
        } else {
            continuation.resume(throwing: URLError(.badServerResponse))
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // Not following hands the 3xx, with its `Location`, to the client.
        completionHandler(nil)
    }

    /// The statuses corelibs treats as redirects (it holds their bodies back and asks the delegate first).
    private static func isRedirect(_ response: URLResponse) -> Bool {
        guard let status = (response as? HTTPURLResponse)?.statusCode else { return false }
        return (301...308).contains(status)
    }

    private static func refusal(_ transfer: Transfer, _ task: URLSessionDataTask) -> Step {
        guard let continuation = transfer.continuation else { return .cancel(task) }
        return .fail(continuation, APIError.bodyTooLarge(url: transfer.url, limit: transfer.limit, method: transfer.method), cancel: task)
    }

    private func perform(_ step: Step) {
        switch step {
        case .nothing:
            break
        case .cancel(let task):
            stop(task)
        case let .fail(continuation, error, task):
            continuation.resume(throwing: error)
            if let task { stop(task) }
        }
    }

    /// Cancels `task`, and cuts its connection if it is still reading when it should long have stopped.
    private func stop(_ task: URLSessionDataTask) {
        Self.cancelLater(task)
        guard let url = task.originalRequest?.url else { return }
        let id = task.taskIdentifier
        stopping.withLock { $0[id] = url }
        watch(id, after: .milliseconds(500), tries: 10)
    }

    /// A cancel takes effect within milliseconds unless curl cannot be reached; half a second, then longer waits,
    /// tell the two apart without cutting a transfer that is only slow to wind down.
    private func watch(_ id: Int, after delay: Duration, tries: Int) {
        DispatchQueue.global().asyncAfter(deadline: .now() + delay.seconds) { [weak self] in
            guard let self, let url = self.stopping.withLock({ $0[id] }) else { return }
            // Marked before the cut, which they may see end before it returns; let go if nothing was cut.
            let neighbours = self.receiving(from: url, besides: id)
            self.severed.withLock { $0.formUnion(neighbours) }
            if ConnectionCutter.cut(connectionsTo: url) == 0 { self.severed.withLock { $0.subtract(neighbours) } }
            if tries > 1 { self.watch(id, after: min(delay * 2, .seconds(4)), tries: tries - 1) }
        }
    }

    /// The transfers other than `id` receiving a body from `url`'s host and port.
    private func receiving(from url: URL, besides id: Int) -> [Int] {
        guard let origin = ConnectionCutter.Origin(url) else { return [] }
        return transfers.withLock { transfers in
            transfers.compactMap { key, transfer in
                key != id && transfer.receivingBody && transfer.origin == origin ? key : nil
            }
        }
    }

    /// corelibs Foundation deadlocks when a task is cancelled from a Swift task's cancellation handler just as
    /// its response completes (swift-corelibs-foundation#5412, fixed upstream by #5417, not in every toolchain):
    /// the handler holds the Swift task's status lock while `cancel()` waits for the session's work queue, which
    /// waits for that lock to resume the task. Cancelling from another queue breaks the cycle.
    private static func cancelLater(_ task: URLSessionDataTask) {
        DispatchQueue.global().async { task.cancel() }
    }
}
