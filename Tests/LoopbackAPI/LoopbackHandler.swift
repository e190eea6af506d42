import HTTPServer
import Synchronization

/// Serves one request: counts it, waits the configured latency, answers from the store, and applies the
/// fault the plan picked for it.
struct LoopbackHandler: HTTPHandler {
    let store: LoopbackStore

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let conditional = request.headers.contains("If-None-Match") || request.headers.contains("If-Modified-Since")
        let (number, fault, arrived) = await store.begin(target: request.target, conditional: conditional)
        // A stopping server cancels handlers; the sleep then ends early, which is what we want.
        if store.latency > .zero { try? await Task.sleep(for: store.latency) }
        if case .delay(let delay) = fault { try? await Task.sleep(for: delay) }
        if case .hold(let gate) = fault { await gate.pass() }
        let reply = request.path == "/graphql"
            ? await store.graphQLResponder().respond(to: request) : await store.respond(to: request)
        let response = Self.apply(fault, to: reply, target: request.target)
        let bytes = switch response.body {
        case .bytes(let body): body.count
        case .sized(let length, _): length
        case .stream: 0
        }
        await store.end(
            LoopbackRequestRecord(
                number: number, target: request.target, conditional: conditional, status: response.status,
                fault: fault, arrived: arrived),
            isImage: reply.isImage, bytes: bytes)
        return response
    }

    static func apply(_ fault: LoopbackFault?, to reply: LoopbackReply, target: String) -> HTTPResponse {
        let normal = HTTPResponse(status: reply.status, headers: reply.headers, body: .bytes(reply.body))
        guard let fault else { return normal }
        switch fault {
        case .delay, .hold:
            return normal
        case .status(let status):
            return response(.error(status, "Injected fault: HTTP \(status)"))
        case .tooManyRequests(let retryAfter):
            var limited = LoopbackReply.error(429, "Too many requests, please try again later.")
            limited.headers["Retry-After"] = retryAfter
            return response(limited)
        case .truncateBody(let afterBytes):
            return HTTPResponse(status: reply.status, headers: reply.headers, body: failing(reply.body, after: afterBytes))
        case .malformedJSON:
            return response(.json(200, Array(#"{"info":{"count":826,"pages":42,"next":"https://rickandmortyapi.com/api/char"#.utf8)))
        case let .replaceBody(bytes, contentType):
            return HTTPResponse(status: 200, headers: ["Content-Type": contentType], body: .bytes(bytes))
        case .dropConnection:
            return HTTPResponse(status: 500, body: failing([0], after: 0))
        case .redirect(let location):
            return HTTPResponse(status: 302, headers: ["Location": location])
        case .addTrailingSlash(let status):
            let path = target.prefix { $0 != "?" }
            return HTTPResponse(status: status, headers: ["Location": path + "/" + target.dropFirst(path.count)])
        case let .streamedBody(bytes, contentType):
            // Unfolded one chunk per read, so the server's memory does not grow with what it sends.
            let chunk = [UInt8](repeating: 0x20, count: 64 << 10)
            let remaining = Mutex(bytes)
            let body = AsyncStream<[UInt8]> {
                let count = remaining.withLock { remaining in
                    let count = min(remaining, chunk.count)
                    remaining -= count
                    return count
                }
                return count > 0 ? Array(chunk.prefix(count)) : nil
            }
            return HTTPResponse(status: 200, headers: ["Content-Type": contentType], body: .stream(body))
        }
    }

    /// A body of the full length whose producer fails after `count` bytes, so the server closes the connection
    /// there: with the head and those bytes sent, or with nothing at all when `count` is 0.
    private static func failing(_ bytes: [UInt8], after count: Int) -> HTTPResponse.Body {
        let (chunks, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
        let sent = Array(bytes.prefix(max(0, count)))
        if !sent.isEmpty { continuation.yield(sent) }
        continuation.finish(throwing: InjectedFailure())
        return .sized(length: bytes.count, chunks: chunks)
    }

    private struct InjectedFailure: Error {}

    private static func response(_ reply: LoopbackReply) -> HTTPResponse {
        HTTPResponse(status: reply.status, headers: reply.headers, body: .bytes(reply.body))
    }
}

/// The loopback API's normal answer to a request, before any fault is applied.
struct LoopbackReply: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    var isImage: Bool

    static func json(_ status: Int, _ body: [UInt8]) -> LoopbackReply {
        LoopbackReply(status: status, headers: ["Content-Type": JSONBytes.contentType], body: body, isImage: false)
    }

    static func error(_ status: Int, _ message: String) -> LoopbackReply {
        json(status, JSONBytes.error(message))
    }

    static let nothingHere = error(404, "There is nothing here")
}
