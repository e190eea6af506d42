/// Answers requests. Handlers run on the Swift concurrency pool and may suspend freely
/// (e.g. `Task.sleep` to inject latency); they should not block a thread.
public protocol HTTPHandler: Sendable {
    func handle(_ request: HTTPRequest) async -> HTTPResponse
}
