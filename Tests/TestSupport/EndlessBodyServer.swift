import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A raw HTTP/1.1 server on 127.0.0.1 that answers some paths with a body that never ends, framed as a client
/// meets it in the wild: chunked, delimited by the connection's close, or a gzip "bomb" (a small stream that
/// inflates without end). Everything else is answered from `pages` (JSON, whole). Each connection has a thread of
/// its own; a body stops when the client goes away, after `byteLimit` bytes, or when the server stops, so no
/// test can leave it running.
package final class EndlessBodyServer: Sendable {
    package enum Framing: String, Sendable, CaseIterable, CustomStringConvertible {
        case chunked, closeDelimited, gzipBomb
        package var description: String { rawValue }
    }

    package let port: Int
    private let listener: Int32
    private let pages: Mutex<[String: String]>
    private let endless: @Sendable (String) -> (framing: Framing, contentType: String)?
    private let stopped = Atomic<Bool>(false)
    /// What one endless body may send at most: far past any cap rmwiki has, and bounded.
    private let byteLimit: Int
    private let bodiesToTheLimit = Atomic<Int>(0)

    /// Endless bodies that reached `byteLimit`: their client never stopped reading.
    package var bodiesSentToTheLimit: Int { bodiesToTheLimit.load(ordering: .sequentiallyConsistent) }

    /// `pages` maps a request target (`/api/character?page=1`, `/graphql`) to a JSON body, given the port the
    /// server listens on; `endless` picks the targets whose body never ends.
    package init(
        pages: (_ port: Int) -> [String: String], byteLimit: Int = 1 << 30,
        endless: @escaping @Sendable (String) -> (framing: Framing, contentType: String)?
    ) throws {
        self.pages = Mutex([:])
        self.endless = endless
        self.byteLimit = byteLimit
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SpawnError(description: "socket: \(errno)") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw SpawnError(description: "cannot listen on 127.0.0.1")
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let served = pages(port)
        self.pages.withLock { $0 = served }
        let server = self
        Thread { server.acceptLoop() }.start()
    }

    package var base: URL {
        // A literal scheme and a number: it always parses.
        URL(string: "http://127.0.0.1:\(port)/api")!
    }

    /// Closes the listener; bodies in progress end at their next write.
    package func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while !stopped.load(ordering: .relaxed) {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            var timeout = timeval(tv_sec: 30, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let server = self
            Thread { server.serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var buffered: [UInt8] = []
        while !stopped.load(ordering: .relaxed) {
            guard let target = readRequest(client, &buffered) else { return }
            if let (framing, contentType) = endless(target) {
                sendEndless(client, framing: framing, contentType: contentType)
                return
            }
            let page = pages.withLock { $0[target] }
            let body = Array((page ?? #"{"error":"There is nothing here"}"#).utf8)
            let status = page == nil ? "404 Not Found" : "200 OK"
            let head = "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
            guard write(client, Array(head.utf8) + body) else { return }
        }
    }

    /// The target of the next request; its head and any `Content-Length` body are consumed.
    private func readRequest(_ client: Int32, _ buffered: inout [UInt8]) -> String? {
        let separator: [UInt8] = [13, 10, 13, 10]
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            if let end = buffered.firstRange(of: separator) {
                let head = String(decoding: buffered[..<end.lowerBound], as: UTF8.self)
                var consumed = end.upperBound
                let lines = head.split(separator: "\r\n")
                let length = lines.dropFirst().compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }.first ?? 0
                while buffered.count < consumed + length {
                    let received = recv(client, &chunk, chunk.count, 0)
                    guard received > 0 else { return nil }
                    buffered += chunk[..<received]
                }
                consumed += length
                buffered.removeFirst(consumed)
                let requestLine = lines.first.map { $0.split(separator: " ") } ?? []
                return requestLine.count >= 2 ? String(requestLine[1]) : nil
            }
            guard buffered.count < 64 << 10 else { return nil }
            let received = recv(client, &chunk, chunk.count, 0)
            guard received > 0 else { return nil }
            buffered += chunk[..<received]
        }
    }

    private func sendEndless(_ client: Int32, framing: Framing, contentType: String) {
        var head = "HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\n"
        switch framing {
        case .chunked: head += "Transfer-Encoding: chunked\r\n"
        case .closeDelimited: head += "Connection: close\r\n"
        case .gzipBomb: head += "Content-Encoding: gzip\r\nConnection: close\r\n"
        }
        guard write(client, Array((head + "\r\n").utf8)) else { return }
        let filler = [UInt8](repeating: UInt8(ascii: " "), count: 64 << 10)
        let piece: [UInt8] = switch framing {
        case .chunked: Array(String(filler.count, radix: 16).utf8) + [13, 10] + filler + [13, 10]
        case .closeDelimited: filler
        case .gzipBomb: GzipBomb.block
        }
        if framing == .gzipBomb, !write(client, GzipBomb.header) { return }
        var sent = 0
        while sent < byteLimit, !stopped.load(ordering: .relaxed), write(client, piece) {
            sent += piece.count
        }
        if sent >= byteLimit { bodiesToTheLimit.add(1, ordering: .sequentiallyConsistent) }
    }

    private func write(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // The send timeout only wakes the thread to see whether the server stopped: a body delimited by the
            // connection's close that ended on a client too busy to read for 30 s would arrive whole, and short.
            if written < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR, !stopped.load(ordering: .relaxed) { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}

/// A gzip member whose one deflate block never ends: a literal space, then copies of 258 bytes at distance 1 over
/// and over, in deflate's fixed Huffman codes. Each copy costs 13 bits and inflates to 258 bytes, so a client
/// decoding it gets about 160 times what it was sent, for as long as it reads.
enum GzipBomb {
    static let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF] + firstBits

    /// Block head (not final, fixed codes) and the literal ' ', packed with the first copies.
    private static let firstBits: [UInt8] = {
        var writer = BitWriter()
        writer.write(0, count: 1) // BFINAL 0: more blocks may follow, so the stream can go on
        writer.write(1, count: 2) // BTYPE 01: fixed Huffman codes
        writer.writeHuffman(0x30 + 0x20, count: 8) // literal 0x20: codes 0-143 are 8 bits from 00110000
        return writer.alignedAfterHeader()
    }()

    /// 8 × 13 = 104 bits = 13 bytes of copies, which keep the byte alignment of the stream from one block to
    /// the next; repeated to make a piece worth sending.
    static let block: [UInt8] = {
        var writer = BitWriter()
        let one = writer.copies(8)
        return Array([[UInt8]](repeating: one, count: 4096).joined())
    }()

    private struct BitWriter {
        var bytes: [UInt8] = []
        var current: UInt32 = 0
        var filled = 0

        /// LSB first, as deflate packs its header bits and extra bits.
        mutating func write(_ value: UInt32, count: Int) {
            for bit in 0..<count { push((value >> UInt32(bit)) & 1) }
        }

        /// Huffman codes go most significant bit first.
        mutating func writeHuffman(_ code: UInt32, count: Int) {
            for bit in (0..<count).reversed() { push((code >> UInt32(bit)) & 1) }
        }

        mutating func push(_ bit: UInt32) {
            current |= bit << UInt32(filled)
            filled += 1
            if filled == 8 {
                bytes.append(UInt8(current))
                current = 0
                filled = 0
            }
        }

        /// Length 258 is code 285 (8 bits, 11000101, no extra bits); distance 1 is code 0 (5 bits, no extra).
        mutating func copy() {
            writeHuffman(0b1100_0101, count: 8)
            writeHuffman(0, count: 5)
        }

        /// The header's 11 bits and one copy make 24 bits: whole bytes.
        mutating func alignedAfterHeader() -> [UInt8] {
            copy()
            precondition(filled == 0, "the gzip bomb's header is not byte-aligned")
            return bytes
        }

        mutating func copies(_ count: Int) -> [UInt8] {
            for _ in 0..<count { copy() }
            precondition(filled == 0, "the gzip bomb's block is not byte-aligned")
            return bytes
        }
    }
}
