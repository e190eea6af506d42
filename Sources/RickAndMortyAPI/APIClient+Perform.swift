import Foundation

extension APIClient {
    /// The result of one logical request after retries.
    struct Performed<Value: Sendable>: Sendable {
        var value: Value
        var response: TransportResponse
        var notModified: Bool
    }

    /// Sends a GET (a POST of `body` when given) until it yields a usable body or the policy gives up.
    /// `interpret` turns a success body into a value and throws `BodyProblem` when the body is unusable
    /// (retried like a 5xx). A 304 to a conditional request hands `interpret` the stored body instead.
    /// Throttling answers are sent again after the pause they impose on every request, without counting
    /// against the policy's attempts. `rejection` may turn a status that is not retried into an error of its
    /// own (GraphQL explains a 400 in its body).
    func perform<Value: Sendable>(
        _ url: URL, accept: String, stored: StoredResponse?, isImage: Bool, run: RequestRun,
        post body: Data? = nil, rejection: (TransportResponse) -> (any Error)? = { _ in nil },
        interpret: (TransportResponse) throws -> Value
    ) async throws -> Performed<Value> {
        // The loop is not generic: specialised for each value (page, GraphQL payload, picture), its copies were a
        // quarter of this module's machine code and of its compile time.
        var value: Value?
        let exchange = try await exchange(
            url, accept: accept, stored: stored, isImage: isImage, run: run, post: body, rejection: rejection
        ) { value = try interpret($0) }
        guard let value else { preconditionFailure("an exchange ends with an interpreted body or an error") }
        return Performed(value: value, response: exchange.response, notModified: exchange.notModified)
    }

    /// `perform`'s loop; `interpret` has accepted the body of the response it returns.
    private func exchange(
        _ url: URL, accept: String, stored: StoredResponse?, isImage: Bool, run: RequestRun, post body: Data?,
        rejection: (TransportResponse) -> (any Error)?, interpret: (TransportResponse) throws -> Void
    ) async throws -> (response: TransportResponse, notModified: Bool) {
        var conditional = stored?.hasValidators ?? false
        var failures = 0
        // Sent again after a real failure (a retry), not after throttling.
        var afterFailure = false
        var lastStatus: Int?
        var lastProblem = "no attempt made"
        var lastCause = APIError.FailureCause.serverError
        while true {
            try Task.checkCancellation()
            let request = attempt(url, accept: accept, stored: conditional ? stored : nil, isImage: isImage, post: body)
            var retryAfter: Duration?
            let isRetry = afterFailure
            afterFailure = false
            run.statistics.withLock {
                $0.requests += 1
                if conditional { $0.conditionalRequests += 1 }
                if isRetry { $0.retries += 1 }
            }
            do {
                let response = try await sendFollowingRedirects(request, run: run, isImage: isImage)
                try Self.checkBodySize(response, of: request)
                lastStatus = response.status
                run.statistics.withLock {
                    $0.bytes += response.body.count
                    if response.status == 304 { $0.notModified += 1 }
                }
                if Self.isThrottling(response) {
                    run.statistics.withLock { $0.throttled += 1 }
                    continue
                }
                switch response.status {
                case 200...299:
                    try Self.checkLength(response)
                    try interpret(response)
                    run.progress.requestFinished(bytes: response.body.count, isImage: isImage)
                    return (response, false)
                case 304 where conditional:
                    guard let stored else { break }
                    let cached = TransportResponse(status: 200, headers: response.headers, body: Data(stored.body.utf8))
                    do {
                        try interpret(cached)
                        run.progress.requestFinished(bytes: response.body.count, isImage: isImage)
                        return (cached, true)
                    } catch let problem where problem is BodyProblem || problem is APIError {
                        // The stored copy is damaged: ask again without validators, at once.
                        conditional = false
                        failures += 1
                        afterFailure = true
                        lastProblem = "cached body unusable (\(problem))"
                        lastCause = .damagedBody
                        continue
                    }
                case 408, 500...599:
                    lastProblem = "HTTP \(response.status)"
                    lastCause = .serverError
                    retryAfter = RetryPolicy.retryAfter(response.header("Retry-After"))
                    if let retryAfter { try FetchDeadline.current?.allow(wait: retryAfter, for: url) }
                default:
                    if let error = rejection(response) { throw error }
                    throw APIError.unexpectedStatus(url: url.absoluteString, status: response.status, attempt: failures + 1)
                }
            } catch let problem as BodyProblem {
                lastProblem = problem.description
                lastCause = .damagedBody
            } catch let error as TransportError {
                lastStatus = nil
                lastProblem = error.description
                lastCause = error.cause
            }
            failures += 1
            afterFailure = true
            try await pauseBeforeRetry(
                url, failures: failures, status: lastStatus, problem: lastProblem, cause: lastCause,
                retryAfter: retryAfter, run: run, isImage: isImage)
        }
    }

    /// One attempt's request, with the stored copy's validators when it is given (a conditional request).
    private func attempt(
        _ url: URL, accept: String, stored: StoredResponse?, isImage: Bool, post body: Data?
    ) -> TransportRequest {
        var headers = ["Accept": accept, "User-Agent": "rmwiki/1.0"]
        if let etag = stored?.etag { headers["If-None-Match"] = etag }
        if let lastModified = stored?.lastModified { headers["If-Modified-Since"] = lastModified }
        var request = TransportRequest(
            url: url, headers: headers, timeout: requestTimeout, maximumBodyBytes: bodyLimit(isImage: isImage))
        if let body {
            request.method = "POST"
            request.body = body
            request.headers["Content-Type"] = "application/json"
        }
        return request
    }

    /// After a failed attempt: the policy's pause before the next one, or `gaveUp` once the attempts are spent.
    private func pauseBeforeRetry(
        _ url: URL, failures: Int, status: Int?, problem: String, cause: APIError.FailureCause, retryAfter: Duration?,
        run: RequestRun, isImage: Bool
    ) async throws {
        guard failures < retryPolicy.maxAttempts else {
            throw APIError.gaveUp(
                url: url.absoluteString, status: status, attempts: failures, lastProblem: problem, cause: cause)
        }
        let delay = retryPolicy.delay(afterAttempt: failures, retryAfter: retryAfter, jitter: Double.random(in: 0...1))
        run.progress.retrying(url: URLText.display(url), problem: problem, delay: delay, isImage: isImage)
        try await sleep(delay)
    }

    /// 429, or 503 with `Retry-After`: the API asks us to slow down, not to give up.
    static func isThrottling(_ response: TransportResponse) -> Bool {
        response.status == 429 || (response.status == 503 && response.header("Retry-After") != nil)
    }

    /// Same-origin redirects are followed here, not by URLSession (see `TransferDelegate`): 301, 302, 307 and
    /// 308 keep the method and body (a GraphQL POST stays a POST), 303 becomes a GET. A picture may be
    /// redirected to any host pictures may come from; anything else must stay on its URL's scheme, host and port.
    private func sendFollowingRedirects(
        _ first: TransportRequest, run: RequestRun, isImage: Bool
    ) async throws -> TransportResponse {
        var request = first
        var chain = [first.url.absoluteString]
        while true {
            let response = try await send(request, run: run)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.header("Location")
            else { return response }
            guard let target = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: request.url)?.absoluteURL,
                  let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
            else { return response }
            let allowed = isImage ? imageHosts.allows(target) : ImageHosts.origin(of: target) == ImageHosts.origin(of: first.url)
            guard allowed else {
                throw APIError.redirectToOtherHost(url: first.url.absoluteString, target: target.absoluteString)
            }
            let visited = chain.contains(target.absoluteString)
            chain.append(target.absoluteString)
            if visited { throw APIError.redirectLoop(chain: chain) }
            guard chain.count <= Self.maximumRedirects + 1 else { throw APIError.tooManyRedirects(chain: chain) }
            request.url = target
            if response.status == 303 {
                request.method = "GET"
                request.body = nil
                request.headers["Content-Type"] = nil
            }
        }
    }

    /// As many as curl and browsers allow in practice for one resource, and far more than a server moving its
    /// API needs.
    static let maximumRedirects = 10

    /// One exchange under the limiter and the per-request time limit. The limit is enforced here as well as by
    /// the transport, so a transport that ignores `timeout` cannot hang the fetch.
    private func send(_ request: TransportRequest, run: RequestRun) async throws -> TransportResponse {
        let ticket = try await limiter.acquire()
        if let pace = ticket.newPace { run.progress.throttled(pace.requestsPerSecond, inFlight: pace.inFlight) }
        let response: TransportResponse
        do {
            response = try await sendWithTimeout(request)
        } catch {
            await limiter.finish(ticket, .noAnswer)
            throw error
        }
        if Self.isThrottling(response) {
            let asked = RetryPolicy.retryAfter(response.header("Retry-After"))
            do {
                if let asked { try FetchDeadline.current?.allow(wait: asked, for: request.url) }
            } catch {
                // The fetch fails now; a pause would only hold up whatever runs next on this client.
                await limiter.finish(ticket, .abandoned)
                throw error
            }
            let pause = retryPolicy.throttlePause(retryAfter: asked, jitter: Double.random(in: 0...1))
            await limiter.finish(ticket, .throttled(pause: pause))
        } else {
            await limiter.finish(ticket, .answered)
        }
        return response
    }

    private func sendWithTimeout(_ request: TransportRequest) async throws -> TransportResponse {
        let transport = transport
        let timeout = requestTimeout
        return try await withThrowingTaskGroup(of: TransportResponse?.self) { group in
            group.addTask { try await transport.send(request) }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let response = first else {
                throw TransportError.timedOut
            }
            return response
        }
    }

    /// A body shorter than its `Content-Length` was cut off. Skipped when the body was content-decoded,
    /// since the length then counts the compressed bytes.
    static func checkLength(_ response: TransportResponse) throws {
        guard response.header("Content-Encoding") == nil,
              let declared = response.header("Content-Length").flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
              declared != response.body.count
        else { return }
        throw BodyProblem.truncated(expected: declared, received: response.body.count)
    }
}

extension TransportError {
    /// What `APIError.gaveUp` says of an attempt that ended without an answer.
    var cause: APIError.FailureCause {
        switch self {
        case .timedOut: .timedOut
        case .cannotConnect: .cannotConnect
        case .connectionLost: .connectionLost
        }
    }
}
