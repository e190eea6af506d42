/// Answers requests. Handlers run on the Swift concurrency pool and may suspend freely
/// (e.g. `Task.sleep` to inject latency); they should not block a thread.
package protocol HTTPHandler: Sendable {
    func handle(_ request: HTTPRequest) async -> HTTPResponse
}

/// What the writer must know about the request being answered.
struct RequestContext: Sendable {
    let connection: ConnectionReference
    let method: String
    let version: String
    let keepAlive: Bool

    var isHead: Bool { method == "HEAD" }
}
