/// One parsed request, as handed to a handler.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The raw request-target exactly as sent (still percent-encoded, with the query).
    public var target: String
    /// The percent-decoded path without the query. Decoding can produce `/`, `..` or NUL from `%2f`,
    /// `%2e%2e` or `%00`: handlers that map paths to files must treat it as untrusted.
    public var path: String
    /// Form-decoded query parameters (`+` is a space); for a repeated name the last value wins.
    public var query: [String: String]
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String

    public init(
        method: String = "GET",
        target: String,
        path: String,
        query: [String: String] = [:],
        headers: HTTPHeaders = [:],
        body: [UInt8] = [],
        version: String = "HTTP/1.1"
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.version = version
    }
}
