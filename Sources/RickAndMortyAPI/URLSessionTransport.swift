import Foundation
import Primitives
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transport. URLSession's own cache is off: the client sends its own conditional requests
/// and must see 304s as they are. Bodies arrive through `TransferDelegate`, chunk by chunk, so one past its
/// request's limit is cut off there rather than buffered whole.
struct URLSessionTransport: HTTPTransport {
    private let owner: SessionOwner

    init(maximumConnectionsPerHost: Int = APIClient.defaultConcurrency) {
        owner = SessionOwner(maximumConnectionsPerHost: max(1, maximumConnectionsPerHost))
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        // The client enforces `timeout` itself; corelibs URLSession on Linux was seen to fail concurrent
        // transfers as "timed out" at once when one connection broke, with a short interval set here.
        urlRequest.timeoutInterval = request.timeout.seconds + 30
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await perform(urlRequest, limit: request.maximumBodyBytes)
        } catch let error as URLError {
            throw Self.transportError(error)
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportError.connectionLost("not an HTTP response")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return TransportResponse(status: http.statusCode, headers: headers, body: data)
    }

    /// One data task. Giving up (cancellation, the client's time limit) answers at once; the task itself is
    /// cancelled by the delegate when that is safe (see `TransferDelegate`).
    private func perform(_ request: URLRequest, limit: Int) async throws -> (Data, URLResponse) {
        let pending = PendingTask()
        let session = owner.session
        let delegate = owner.delegate
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request)
                delegate.begin(task, limit: limit, continuation: continuation)
                if pending.attach(task) {
                    task.resume()
                } else {
                    delegate.abandon(task, started: false)
                }
            }
        } onCancel: {
            if let task = pending.cancel() { delegate.abandon(task) }
        }
    }

    private static func transportError(_ error: URLError) -> any Error {
        switch error.code {
        case .timedOut: TransportError.timedOut
        case .cancelled: CancellationError()
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            TransportError.cannotConnect(error.localizedDescription)
        default: TransportError.connectionLost(error.localizedDescription)
        }
    }
}

/// The task of one `perform`, and whether its caller gave up before the task existed.
private final class PendingTask: Sendable {
    private let state = Mutex<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

    /// Records the task; false when cancellation came first (the task must then not be resumed).
    func attach(_ task: URLSessionDataTask) -> Bool {
        state.withLock { state in
            state.task = task
            return !state.cancelled
        }
    }

    /// Marks the cancellation; returns the task once there is one.
    func cancel() -> URLSessionDataTask? {
        state.withLock { state in
            state.cancelled = true
            return state.task
        }
    }
}

/// Owns the session: a session keeps its delegate until invalidated, so the last copy of the transport to
/// go lets both go (a `serve` session makes one client per rebuild). The session is made at the first
/// request: making one touches `URLCache.shared` and `HTTPCookieStorage.shared`, which create folders under
/// `$HOME` wherever `main.swift` has not pointed them away (in-process tests), and a build that is refused, or
/// that only reads the cache, has no use for them.
private final class SessionOwner: Sendable {
    let delegate = TransferDelegate()
    private let maximumConnectionsPerHost: Int
    private let made = Mutex<URLSession?>(nil)

    init(maximumConnectionsPerHost: Int) {
        self.maximumConnectionsPerHost = maximumConnectionsPerHost
    }

    var session: URLSession {
        made.withLock { made in
            if let session = made { return session }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
            let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: BoundedDelegateQueue())
            made = session
            return session
        }
    }

    deinit {
        made.withLock { $0 }?.finishTasksAndInvalidate()
    }
}

/// The session's delegate queue, with at most `capacity` callbacks waiting. corelibs hands every chunk curl reads to
/// the delegate as an operation on this queue and never waits for it, so a server sending faster than the delegate
/// counts (loopback, a gzip bomb) piled up hundreds of megabytes of chunks before the delegate could see the limit
/// and cancel. Here the thread that adds a callback (curl's) waits while the queue is full: curl reads no faster
/// than the delegate keeps up, and what is held between them is bounded.
final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    /// 64 of curl's 16 KiB reads: 1 MiB in flight.
    static let capacity = 64
    private let slots = DispatchSemaphore(value: BoundedDelegateQueue.capacity)

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "rmwiki transfers"
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        // A callback adding another must not wait for itself to finish.
        let mustWait = OperationQueue.current !== self
        if mustWait { slots.wait() }
        let slots = slots
        super.addOperation {
            block()
            if mustWait { slots.signal() }
        }
    }
}
