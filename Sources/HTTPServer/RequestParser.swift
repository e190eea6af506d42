/// Incremental HTTP/1.1 request parser: called with everything buffered so far, it either finds one
/// complete request at the front, asks for more bytes, or names the error status to answer with.
struct RequestParser: Sendable {
    enum Outcome {
        /// Need more bytes; `headComplete` once the header section is in and only body bytes are missing.
        case incomplete(headComplete: Bool, expectsContinue: Bool)
        case complete(ParsedRequest, consumed: Int)
        /// `explanation` goes into the answer's body when the status alone would not say what to fix.
        case failure(status: Int, explanation: String? = nil)
    }

    struct ParsedRequest {
        var request: HTTPRequest
        var keepAlive: Bool
    }

    let maxRequestLineBytes: Int
    let maxHeaderBytes: Int
    let maxBodyBytes: Int
    /// Refuse `Host` names other than loopback ones (see `HostName`) with `421`.
    var loopbackHostsOnly = false

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    func parse(_ buffer: [UInt8]) -> Outcome {
        // RFC 9112 §2.2: ignore empty lines before the request line (stray CRLF after a body).
        var start = 0
        while start < buffer.count, buffer[start] == Self.carriageReturn || buffer[start] == Self.lineFeed {
            start += 1
        }
        guard start < buffer.count else { return .incomplete(headComplete: false, expectsContinue: false) }

        guard let requestLineEnd = buffer[start...].firstIndex(of: Self.lineFeed) else {
            return buffer.count - start > maxRequestLineBytes
                ? .failure(status: 414) : .incomplete(headComplete: false, expectsContinue: false)
        }
        let requestLine = trimmingCarriageReturn(buffer[start..<requestLineEnd])
        guard requestLine.count <= maxRequestLineBytes else { return .failure(status: 414) }

        let headerStart = requestLineEnd + 1
        var headerLines: [ArraySlice<UInt8>] = []
        var position = headerStart
        var headEnd: Int?
        while headEnd == nil {
            guard let lineEnd = buffer[position...].firstIndex(of: Self.lineFeed) else {
                return buffer.count - headerStart > maxHeaderBytes
                    ? .failure(status: 431) : .incomplete(headComplete: false, expectsContinue: false)
            }
            let line = trimmingCarriageReturn(buffer[position..<lineEnd])
            position = lineEnd + 1
            guard position - headerStart <= maxHeaderBytes else { return .failure(status: 431) }
            if line.isEmpty { headEnd = position } else { headerLines.append(line) }
        }
        guard let headEnd else { return .failure(status: 400) }

        guard let line = parseRequestLine(requestLine) else { return .failure(status: 400) }
        guard line.version == "HTTP/1.1" || line.version == "HTTP/1.0" else {
            return .failure(status: line.version.hasPrefix("HTTP/") ? 505 : 400)
        }
        var headers = HTTPHeaders()
        for headerLine in headerLines {
            guard let field = parseHeaderField(headerLine) else { return .failure(status: 400) }
            headers.add(field.name, field.value)
        }

        if headers.contains("Transfer-Encoding") { return .failure(status: 501) }
        let lengths = headers.values(for: "Content-Length")
        var bodyLength = 0
        if let first = lengths.first {
            guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.allSatisfy(isDigit),
                  let length = Int(first) else { return .failure(status: 400) }
            guard length <= maxBodyBytes else { return .failure(status: 413) }
            bodyLength = length
        }
        // Checked before the body arrives, so a refused request never waits for (or answers 100 to) one.
        guard let target = parseTarget(line.target, method: line.method) else { return .failure(status: 400) }
        if let refusal = checkHost(headers.values(for: "Host"), authority: target.authority, version: line.version) {
            return refusal
        }
        guard buffer.count - headEnd >= bodyLength else {
            let expectsContinue = headers["Expect"]?.lowercased() == "100-continue" && line.version == "HTTP/1.1"
            return .incomplete(headComplete: true, expectsContinue: expectsContinue)
        }

        let request = HTTPRequest(
            method: line.method,
            target: line.target,
            path: target.path,
            query: target.query,
            headers: headers,
            body: Array(buffer[headEnd..<(headEnd + bodyLength)]),
            version: line.version
        )
        return .complete(ParsedRequest(request: request, keepAlive: keepAlive(line.version, headers)), consumed: headEnd + bodyLength)
    }

    /// RFC 9112 §3.2: one valid `Host` (required in HTTP/1.1). An absolute-form target's authority
    /// overrides `Host`, so on a loopback-only server it must be a loopback name as well.
    private func checkHost(_ values: [String], authority: Substring?, version: String) -> Outcome? {
        guard values.count == 1 || (values.isEmpty && version == "HTTP/1.0") else {
            return .failure(status: 400, explanation: "An HTTP/1.1 request needs exactly one Host header field.")
        }
        var hosts: [Substring] = []
        for value in values + (authority.map { [String($0)] } ?? []) {
            guard let host = HostName.host(in: value) else {
                return .failure(status: 400, explanation: "The Host header field is not a valid host name or address.")
            }
            hosts.append(host)
        }
        guard !loopbackHostsOnly || hosts.allSatisfy(HostName.isLoopback) else {
            return .failure(status: 421, explanation: Self.loopbackOnlyExplanation)
        }
        return nil
    }

    private static let loopbackOnlyExplanation = "This server listens on a loopback address and, against DNS rebinding, "
        + "answers only requests addressed to localhost, a name ending in .localhost, 127.x.x.x or [::1]. "
        + "Open it at localhost or 127.0.0.1, with the same port, instead."

    private func keepAlive(_ version: String, _ headers: HTTPHeaders) -> Bool {
        guard version == "HTTP/1.1" else { return false }
        let tokens = headers.values(for: "Connection").flatMap { $0.split(separator: ",") }
        return !tokens.contains { $0.lowercased().filter { $0 != " " && $0 != "\t" } == "close" }
    }

    private func parseRequestLine(_ line: ArraySlice<UInt8>) -> (method: String, target: String, version: String)? {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenCharacter),
              !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 0x20 && $0 != 0x7F }),
              parts[2].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return (String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self),
                String(decoding: parts[2], as: UTF8.self))
    }

    private func parseHeaderField(_ line: ArraySlice<UInt8>) -> (name: String, value: String)? {
        // A name must be a token directly followed by ':'; leading whitespace would be obsolete line folding.
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenCharacter) else { return nil }
        let rawValue = line[(colon + 1)...]
        guard rawValue.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else { return nil }
        let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        guard let first = rawValue.firstIndex(where: { !isBlank($0) }),
              let last = rawValue.lastIndex(where: { !isBlank($0) }) else {
            return (String(decoding: name, as: UTF8.self), "")
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: rawValue[first...last], as: UTF8.self))
    }

    /// Origin form (`/p?q`), absolute form (`http://host/p?q`, proxies' style; its authority without
    /// user information is returned) and `*` for OPTIONS.
    private func parseTarget(_ target: String, method: String)
        -> (path: String, query: [String: String], authority: Substring?)? {
        if target == "*" { return method == "OPTIONS" ? ("*", [:], nil) : nil }
        var bytes = Substring(target).utf8[...]
        var authority: Substring?
        if !target.hasPrefix("/") {
            let lowered = target.lowercased()
            guard let schemeEnd = lowered.hasPrefix("http://") ? 7 : lowered.hasPrefix("https://") ? 8 : nil else {
                return nil
            }
            let afterScheme = bytes.dropFirst(schemeEnd)
            let slash = afterScheme.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? afterScheme.endIndex
            let userAndHost = Substring(afterScheme[..<slash])
            authority = userAndHost.lastIndex(of: "@").map { userAndHost[userAndHost.index(after: $0)...] } ?? userAndHost
            guard slash < afterScheme.endIndex else { return ("/", [:], authority) }
            bytes = afterScheme[slash...]
        }
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) { bytes = bytes[..<hash] }
        let pathBytes: Substring.UTF8View.SubSequence
        var query: [String: String] = [:]
        if let mark = bytes.firstIndex(of: UInt8(ascii: "?")) {
            pathBytes = bytes[..<mark]
            guard let decoded = PercentDecoding.decodeQuery(bytes[bytes.index(after: mark)...]) else { return nil }
            query = decoded
        } else {
            pathBytes = bytes
        }
        guard var path = PercentDecoding.decode(pathBytes) else { return nil }
        if path.isEmpty { path = "/" }
        return (path, query, authority)
    }

    private func trimmingCarriageReturn(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == Self.carriageReturn ? line.dropLast() : line
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// RFC 9110 `tchar`.
    private func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
