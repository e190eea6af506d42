extension HTTPServer {
    public struct Configuration: Sendable {
        /// An IPv4 or IPv6 literal, or `localhost`. When it is a loopback address, requests must name a
        /// loopback host too (localhost, `*.localhost`, 127.x.x.x, `[::1]`, with or without a port) and
        /// others are answered `421`: that keeps web pages from reading the server through DNS rebinding.
        public var host: String
        /// 0 picks a free port; `start()` returns the one bound.
        public var port: Int
        /// Open connections served normally. Beyond it a connection is still accepted, but its first
        /// request is answered `503` with `Retry-After: 1` and `Connection: close`, so clients see a clear
        /// refusal instead of a reset; past twice the cap new connections are closed at once.
        public var maxConnections: Int
        /// Open `.stream` responses (Server-Sent Events). They last as long as a page stays open, so they
        /// have a cap of their own and do not count against `maxConnections`: page requests always find
        /// room. One more is answered `503` with `Retry-After` and `Connection: close`.
        public var maxEventStreams: Int
        /// Longest request line (method, target, version) before `414`.
        public var maxRequestLineBytes: Int
        /// Largest header section (after the request line) before `431`.
        public var maxHeaderBytes: Int
        /// Largest `Content-Length` accepted before `413`.
        public var maxBodyBytes: Int
        /// How long a keep-alive connection may wait for its next request, and how long a client may
        /// leave a response unread, before the connection is closed. After an error answer the server
        /// discards what the client still sends for at most this long (2 s at most), however it trickles.
        public var idleTimeout: Duration
        /// How long a client may take to send one whole request, from its first byte; past it the server
        /// answers `408` and closes (this is what defeats clients trickling a byte a second).
        public var requestTimeout: Duration
        public var listenBacklog: Int

        public init(
            host: String = "127.0.0.1",
            port: Int = 0,
            maxConnections: Int = 1024,
            maxEventStreams: Int = 64,
            maxRequestLineBytes: Int = 8 * 1024,
            maxHeaderBytes: Int = 16 * 1024,
            maxBodyBytes: Int = 8 * 1024 * 1024,
            idleTimeout: Duration = .seconds(30),
            requestTimeout: Duration = .seconds(10),
            listenBacklog: Int = 512
        ) {
            self.host = host
            self.port = port
            self.maxConnections = maxConnections
            self.maxEventStreams = maxEventStreams
            self.maxRequestLineBytes = maxRequestLineBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
            self.idleTimeout = idleTimeout
            self.requestTimeout = requestTimeout
            self.listenBacklog = listenBacklog
        }

        /// Whether `host` is a loopback address, reachable from this machine only.
        public var isLoopback: Bool { HostName.isLoopback(host) }
    }
}
