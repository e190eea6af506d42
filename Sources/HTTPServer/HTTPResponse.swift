/// A handler's answer. The server owns framing: it sets `Content-Length` (or chunked encoding for
/// streams) and `Connection`, overriding whatever the handler put there.
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// Sent chunk by chunk as the stream yields (Server-Sent Events); ends when the stream finishes.
        /// The consuming task is cancelled when the client disconnects or the server stops, so the
        /// stream's `onTermination` is the producer's signal to stop.
        case stream(AsyncStream<[UInt8]>)
    }

    /// Misbehaviours to exercise clients' retry logic.
    public enum Fault: Sendable, Equatable {
        /// Close the connection without sending anything.
        case dropConnection
        /// Send the head with the full `Content-Length`, then only this many body bytes, then close.
        case truncateBody(afterBytes: Int)
    }

    public var status: Int
    public var headers: HTTPHeaders
    public var body: Body
    public var fault: Fault?

    public init(status: Int = 200, headers: HTTPHeaders = [:], body: Body = .bytes([]), fault: Fault? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.fault = fault
    }

    public init(status: Int = 200, contentType: String, bytes: [UInt8], headers: HTTPHeaders = [:]) {
        var headers = headers
        headers["Content-Type"] = contentType
        self.init(status: status, headers: headers, body: .bytes(bytes))
    }

    /// A `text/plain; charset=utf-8` response.
    public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", bytes: Array(text.utf8))
    }

    /// A status with its reason phrase as a plain-text body, then `explanation` on a line of its own.
    public static func status(_ status: Int, headers: HTTPHeaders = [:], explanation: String? = nil) -> HTTPResponse {
        let body = "\(status) \(HTTPStatus.reasonPhrase(status))\n" + (explanation.map { $0 + "\n" } ?? "")
        var response = text(body, status: status)
        for field in headers { response.headers[field.name] = field.value }
        return response
    }
}

extension HTTPResponse {
    /// The same response, misbehaving as `fault` says.
    public func with(fault: Fault?) -> HTTPResponse {
        var copy = self
        copy.fault = fault
        return copy
    }
}
