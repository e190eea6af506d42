import HTTPServer

/// Adapts a closure to `HTTPHandler`, for `HTTPServer(handler: ClosureHandler { request in ... })`.
package struct ClosureHandler: HTTPHandler {
    private let body: @Sendable (HTTPRequest) async -> HTTPResponse

    package init(_ body: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) {
        self.body = body
    }

    package func handle(_ request: HTTPRequest) async -> HTTPResponse {
        await body(request)
    }
}
