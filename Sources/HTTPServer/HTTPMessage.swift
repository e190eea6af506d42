import Foundation

/// One parsed request, as handed to a handler.
package struct HTTPRequest: Sendable {
    package var method: String
    /// The raw request-target exactly as sent (still percent-encoded, with the query).
    package var target: String
    /// The percent-decoded path without the query. Decoding can produce `/`, `..` or NUL from `%2f`,
    /// `%2e%2e` or `%00`: handlers that map paths to files must treat it as untrusted.
    package var path: String
    /// Form-decoded query parameters (`+` is a space); for a repeated name the last value wins.
    package var query: [String: String]
    package var headers: HTTPHeaders
    package var body: [UInt8]
    /// `HTTP/1.1` or `HTTP/1.0`.
    var version: String
}

/// A handler's answer. The server owns framing: it sets `Content-Length` (or chunked encoding for
/// streams) and `Connection`, overriding whatever the handler put there.
package struct HTTPResponse: Sendable {
    package enum Body: Sendable {
        case bytes([UInt8])
        /// Sent chunk by chunk as the stream yields (Server-Sent Events); ends when the stream finishes.
        /// The consuming task is cancelled when the client disconnects or the server stops, so the
        /// stream's `onTermination` is the producer's signal to stop.
        case stream(AsyncStream<[UInt8]>)
        /// A body of a stated length made while it is sent (a large file, a proxied answer). The head
        /// goes out with the first bytes. If the producer throws or ends short of `length`, the server
        /// closes the connection, as it must once the answer cannot be completed: before the first
        /// bytes with nothing sent (the client sees a reset, as for a crashed handler), after them with
        /// the `Content-Length` unmet (the client sees an incomplete answer). Bytes past `length` are dropped.
        case sized(length: Int, chunks: AsyncThrowingStream<[UInt8], any Error>)
    }

    package var status: Int
    package var headers: HTTPHeaders
    package var body: Body

    package init(status: Int = 200, headers: HTTPHeaders = [:], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package init(status: Int = 200, contentType: String, bytes: [UInt8], headers: HTTPHeaders = [:]) {
        var headers = headers
        headers["Content-Type"] = contentType
        self.init(status: status, headers: headers, body: .bytes(bytes))
    }

    /// A `text/plain; charset=utf-8` response.
    static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", bytes: Array(text.utf8))
    }

    /// A status with its reason phrase as a plain-text body, then `explanation` on a line of its own.
    package static func status(_ status: Int, headers: HTTPHeaders = [:], explanation: String? = nil) -> HTTPResponse {
        let body = "\(status) \(HTTPStatus.reasonPhrase(status))\n" + (explanation.map { $0 + "\n" } ?? "")
        var response = text(body, status: status)
        for field in headers { response.headers[field.name] = field.value }
        return response
    }
}

/// Header fields in arrival order; names compare case-insensitively (RFC 9110 §5.1).
package struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    private(set) var fields: [(name: String, value: String)]

    init() { fields = [] }

    init(_ fields: [(String, String)]) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    package init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value for `name`; setting replaces every field of that name (nil removes them).
    package subscript(name: String) -> String? {
        get { fields.first { Self.namesMatch($0.name, name) }?.value }
        set {
            if let index = fields.firstIndex(where: { Self.namesMatch($0.name, name) }), let newValue {
                fields[index].value = newValue
                let tail = fields[(index + 1)...].filter { !Self.namesMatch($0.name, name) }
                fields.replaceSubrange((index + 1)..., with: tail)
            } else {
                fields.removeAll { Self.namesMatch($0.name, name) }
                if let newValue { fields.append((name: name, value: newValue)) }
            }
        }
    }

    /// Every value for `name`, in order (for repeated fields such as `Set-Cookie`).
    func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    package func contains(_ name: String) -> Bool {
        fields.contains { Self.namesMatch($0.name, name) }
    }

    /// Appends a field even if one of that name exists.
    mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    package mutating func remove(_ name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    var count: Int { fields.count }

    package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    package static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { namesMatch($0.name, $1.name) && $0.value == $1.value }
    }

    /// ASCII case folding only: header names are tokens, so Unicode folding would be wrong and slow.
    static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8, right = rhs.utf8
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { asciiLower($0) == asciiLower($1) }
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte | 0x20 : byte
    }
}

/// Reason phrases for the status line (informational only; clients key on the code).
enum HTTPStatus {
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 421: "Misdirected Request"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }

    /// Statuses whose responses never carry a body (RFC 9110 §6.4.1).
    static func forbidsBody(_ status: Int) -> Bool {
        (100..<200).contains(status) || status == 204 || status == 304
    }
}

/// `Content-Type` values by file extension.
enum MediaType {
    static func forExtension(_ fileExtension: String) -> String {
        switch fileExtension.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "xml": "application/xml"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        case "txt": "text/plain; charset=utf-8"
        case "webmanifest": "application/manifest+json"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }
}

/// `If-None-Match` evaluation (RFC 9110 §13.1.2: weak comparison).
package enum EntityTag {
    package static func matches(_ condition: String, _ tag: String) -> Bool {
        if condition.trimmingCharacters(in: .whitespaces) == "*" { return true }
        let wanted = opaque(tag)
        return condition.split(separator: ",").contains { opaque($0.trimmingCharacters(in: .whitespaces)) == wanted }
    }

    private static func opaque(_ tag: String) -> String {
        tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }
}
