/// Adapts a closure to `HTTPHandler`, for `HTTPServer(handler: { request in ... })`.
public struct ClosureHandler: HTTPHandler {
    private let body: @Sendable (HTTPRequest) async -> HTTPResponse

    public init(_ body: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) {
        self.body = body
    }

    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        await body(request)
    }
}
