import Foundation
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// A deliberately simple blocking HTTP client for socket-level tests. Use it only inside `onThread`,
/// never directly in an async test: blocking a concurrency-pool thread could starve the server's handlers.
final class RawSocket {
    struct Response {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    enum Failure: Error { case connect(Int32), send(Int32), timedOut, malformed(String), closed }

    private let fd: Int32
    private var buffered: [UInt8] = []

    /// `receiveTimeout` bounds every read so a broken server fails the test instead of hanging it. A small
    /// `receiveBuffer` makes a client that stops reading hold little in the kernel, so the server's answer waits.
    convenience init(port: Int, receiveTimeout: TimeInterval = 10, receiveBuffer: Int32? = nil) throws {
        self.init(descriptor: try Self.connect(port: port, receiveTimeout: receiveTimeout, receiveBuffer: receiveBuffer))
    }

    /// Takes ownership of a connected socket; only a fully built instance ever closes a descriptor,
    /// so a failed connect cannot close a number another thread has meanwhile reused.
    private init(descriptor: Int32) {
        fd = descriptor
    }

    private static func connect(port: Int, receiveTimeout: TimeInterval, receiveBuffer: Int32?) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure.connect(errno) }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var timeout = timeval(tv_sec: Int(receiveTimeout), tv_usec: Int((receiveTimeout.truncatingRemainder(dividingBy: 1)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let error = errno
            close(fd)
            throw Failure.connect(error)
        }
        return fd
    }

    deinit { close(fd) }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure.send(errno) }
            offset += written
        }
    }

    func shutdownWriting() { shutdown(fd, Int32(SHUT_WR)) }

    /// Waits up to `milliseconds` for bytes or end of stream.
    func waitReadable(milliseconds: Int32) -> Bool {
        guard buffered.isEmpty else { return true }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    /// Sends a byte every `milliseconds` until the server resets the connection (true), or gives up after
    /// `limit` bytes (false). The pause is the trickle's pace, not a guess at how long the server takes.
    func trickleUntilReset(everyMilliseconds milliseconds: Int32, limit: Int) -> Bool {
        for _ in 0..<limit {
            var byte = UInt8(ascii: "x")
            guard Glibc.send(fd, &byte, 1, Int32(MSG_NOSIGNAL)) == 1 else { return true }
            // Asking for no events, poll returns early only for an error or hang-up: the server's reset.
            var descriptor = pollfd(fd: fd, events: 0, revents: 0)
            if poll(&descriptor, 1, milliseconds) > 0 { return true }
        }
        return false
    }

    /// Reads more bytes into the buffer; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffered.append(contentsOf: chunk[0..<count])
            return true
        }
        if count == 0 { return false }
        if errno == EAGAIN || errno == EWOULDBLOCK { throw Failure.timedOut }
        if errno == ECONNRESET { return false }
        throw Failure.malformed("recv errno \(errno)")
    }

    /// Raw text up to and including `marker` (for streams that never end).
    func read(through marker: String) throws -> String {
        let pattern = Array(marker.utf8)
        while true {
            if let range = buffered.firstRange(of: pattern) {
                defer { buffered.removeFirst(range.upperBound) }
                return String(decoding: buffered[..<range.upperBound], as: UTF8.self)
            }
            guard try fill() else { throw Failure.closed }
        }
    }

    /// Everything until the server closes the connection.
    func readToEnd() throws -> [UInt8] {
        while try fill() {}
        defer { buffered = [] }
        return buffered
    }

    /// True when the server has closed: end of stream with nothing (more) to read.
    func isClosedByServer() throws -> Bool {
        buffered.isEmpty ? !(try fill()) : false
    }

    private func readLine() throws -> String {
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffered[..<newline]
                buffered.removeFirst(newline + 1)
                return String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
            }
            guard try fill() else { throw Failure.closed }
        }
    }

    private func readExactly(_ count: Int) throws -> [UInt8] {
        while buffered.count < count {
            guard try fill() else { throw Failure.closed }
        }
        defer { buffered.removeFirst(count) }
        return Array(buffered[..<count])
    }

    /// The status line and header section of a bare interim response (`100 Continue`).
    func readStatusLine() throws -> String {
        let line = try readLine()
        while try !readLine().isEmpty {}
        return line
    }

    /// The rest of a chunked body whose head was already read.
    func readToEndOfChunks() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            guard let size = Int(try readLine(), radix: 16) else { throw Failure.malformed("chunk size") }
            if size == 0 {
                _ = try readLine()
                return body
            }
            body += try readExactly(size)
            _ = try readLine()
        }
    }

    /// One response; `bodyExpected: false` for answers to HEAD.
    func readResponse(bodyExpected: Bool = true) throws -> Response {
        let statusLine = try readLine()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw Failure.malformed(statusLine)
        }
        var headers = HTTPHeaders()
        while true {
            let line = try readLine()
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { throw Failure.malformed(line) }
            headers.add(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        if status == 100 { return try readResponse(bodyExpected: bodyExpected) }
        var body: [UInt8] = []
        if !bodyExpected || status == 204 || status == 304 {
            body = []
        } else if headers["Transfer-Encoding"] == "chunked" {
            body = try readToEndOfChunks()
        } else if let length = headers["Content-Length"].flatMap({ Int($0) }) {
            body = try readExactly(length)
        } else {
            body = try readToEnd()
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// Sends `request` on a fresh connection and reads one response.
    static func exchange(port: Int, _ request: String, bodyExpected: Bool = true) throws -> Response {
        let socket = try RawSocket(port: port)
        try socket.send(request)
        return try socket.readResponse(bodyExpected: bodyExpected)
    }
}
