import Foundation
import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// A blocking HTTP/1.1 client on a raw socket, so tests can send what no real client would (`..`,
/// `%2e%2e`, NUL) and read event streams. Use it only through `ServeTestSocket.run`, on its own thread.
/// Used by one thread at a time (tests hand it from one `run` to the next), hence the unchecked `Sendable`.
package final class ServeTestSocket: @unchecked Sendable {
    package struct Response {
        package var status: Int
        package var headers: HTTPHeaders
        package var body: [UInt8]
        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    package enum Failure: Error { case connect(Int32), send(Int32), timedOut, malformed(String), closed }

    private let fd: Int32
    private var buffered: [UInt8] = []
    /// The decoded body of a chunked event stream not yet returned as events.
    private var streamed: [UInt8] = []

    /// Every read gives up after `timeout` seconds, so a broken server fails the test instead of hanging it.
    /// Only a hang guard, not a speed bound: a rebuild that serve runs in-process shares the two-thread pool
    /// with the full-site suites running beside it, and took over 30 s of a loaded full run to answer.
    package init(port: Int, timeout: Int = 180) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure.connect(errno) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw Failure.connect(code)
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Runs blocking socket work on a thread of its own, off the pool the server's handlers need.
    package static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    /// One request on a fresh connection.
    package static func exchange(port: Int, _ request: String, bodyExpected: Bool = true) async throws -> Response {
        try await run {
            let socket = try ServeTestSocket(port: port)
            try socket.send(request)
            return try socket.readResponse(bodyExpected: bodyExpected)
        }
    }

    /// `GET`/`HEAD`/… of `target` with optional extra header lines.
    package static func request(port: Int, _ target: String, method: String = "GET", headers: [String] = []) async throws -> Response {
        let head = (["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1"] + headers).joined(separator: "\r\n")
        return try await exchange(port: port, head + "\r\n\r\n", bodyExpected: method != "HEAD")
    }

    package func send(_ text: String) throws { try send(Array(text.utf8)) }

    package func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw Failure.send(errno) }
            offset += written
        }
    }

    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var count: Int
        // A signal the test process receives (a debugger attaching was one) interrupts the call; it is asked again.
        repeat { count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) } } while count < 0 && errno == EINTR
        if count > 0 {
            buffered.append(contentsOf: chunk[0..<count])
            return true
        }
        if count == 0 || errno == ECONNRESET { return false }
        if errno == EAGAIN || errno == EWOULDBLOCK { throw Failure.timedOut }
        throw Failure.malformed("recv errno \(errno)")
    }

    /// The next Server-Sent Event (up to its blank line) of a chunked stream whose head was read.
    package func readEvent() throws -> String {
        let end = Array("\n\n".utf8)
        while true {
            if let range = streamed.firstRange(of: end) {
                defer { streamed.removeFirst(range.upperBound) }
                return String(decoding: streamed[..<range.upperBound], as: UTF8.self)
            }
            guard let size = Int(try readLine(), radix: 16), size > 0 else { throw Failure.closed }
            streamed += try readExactly(size)
            _ = try readLine()
        }
    }

    private func readLine() throws -> String {
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffered[..<newline]
                defer { buffered.removeFirst(newline + 1) }
                return String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
            }
            guard try fill() else { throw Failure.closed }
        }
    }

    package func readExactly(_ count: Int) throws -> [UInt8] {
        while buffered.count < count {
            guard try fill() else { throw Failure.closed }
        }
        defer { buffered.removeFirst(count) }
        return Array(buffered[..<count])
    }

    /// The status line and header section only (for streams).
    package func readHead() throws -> Response {
        let statusLine = try readLine()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw Failure.malformed(statusLine)
        }
        var headers: HTTPHeaders = [:]
        while true {
            let line = try readLine()
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { throw Failure.malformed(line) }
            // A repeated field keeps its first value, which is what `headers[name]` reads.
            let name = String(line[..<colon])
            if headers[name] == nil { headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces) }
        }
        return Response(status: status, headers: headers, body: [])
    }

    /// One whole response; `bodyExpected: false` for answers to HEAD.
    package func readResponse(bodyExpected: Bool = true) throws -> Response {
        var response = try readHead()
        guard bodyExpected, response.status != 304, response.status != 204 else { return response }
        if response.headers["Transfer-Encoding"] == "chunked" {
            while true {
                guard let size = Int(try readLine(), radix: 16) else { throw Failure.malformed("chunk size") }
                if size == 0 { break }
                response.body += try readExactly(size)
                _ = try readLine()
            }
            _ = try readLine()
        } else if let length = response.headers["Content-Length"].flatMap({ Int($0) }) {
            response.body = try readExactly(length)
        } else {
            while try fill() {}
            response.body = buffered
            buffered = []
        }
        return response
    }
}
