/// Writes status lines and header sections. The server, not the handler, decides framing, so the
/// handler's `Content-Length`, `Transfer-Encoding` and `Connection` fields are replaced.
enum ResponseEncoder {
    enum Framing {
        case length(Int)
        case chunked
        /// The body ends when the connection closes (streams to HTTP/1.0 clients).
        case closeDelimited
        /// 1xx, 204, 304: no body and no length.
        case none
    }

    private static let serverOwned: Set<String> = ["content-length", "transfer-encoding", "connection"]

    static func head(status: Int, headers: HTTPHeaders, framing: Framing, close: Bool, into output: inout [UInt8]) {
        output.append(contentsOf: "HTTP/1.1 \(status) \(HTTPStatus.reasonPhrase(status))\r\n".utf8)
        for field in headers where isSafe(field.name) && isSafe(field.value)
            && !serverOwned.contains(field.name.lowercased()) {
            output.append(contentsOf: field.name.utf8)
            output.append(contentsOf: ": ".utf8)
            output.append(contentsOf: field.value.utf8)
            output.append(contentsOf: "\r\n".utf8)
        }
        switch framing {
        case .length(let length): output.append(contentsOf: "Content-Length: \(length)\r\n".utf8)
        case .chunked: output.append(contentsOf: "Transfer-Encoding: chunked\r\n".utf8)
        case .closeDelimited, .none: break
        }
        if close { output.append(contentsOf: "Connection: close\r\n".utf8) }
        output.append(contentsOf: "\r\n".utf8)
    }

    /// One chunk of a chunked body; an empty input would read as the terminator, so callers skip those.
    static func chunk(_ bytes: [UInt8], into output: inout [UInt8]) {
        output.append(contentsOf: String(bytes.count, radix: 16).utf8)
        output.append(contentsOf: "\r\n".utf8)
        output.append(contentsOf: bytes)
        output.append(contentsOf: "\r\n".utf8)
    }

    static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)
    static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Drops fields whose text could split the header section (response splitting).
    private static func isSafe(_ text: String) -> Bool {
        !text.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
    }
}
