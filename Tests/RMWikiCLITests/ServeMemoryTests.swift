import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real `rmwiki serve` process, so its memory is its own: many clients that stop reading a large file
/// must not make it hold the file once per client, and their memory must come back once they leave.
@Suite(.tags(.process), .skippable(.process), .serialized, .enabled(if: RMWikiExecutable.path != nil, Comment(rawValue: RMWikiExecutable.missingMessage)))
struct ServeMemoryTests {
    static let fileSize = 50 * 1024 * 1024
    static let readers = 500
    static let limitKiB = 300 * 1024

    @Test(.hangGuard)
    func slowReadersOfALargeFileKeepMemoryBoundedAndGiveItBack() async throws {
        let binary = try #require(RMWikiExecutable.path)
        let work = try SharedFixtures.temporaryDirectory("serve-memory")
        defer { try? FileManager.default.removeItem(at: work) }
        let site = work.appendingPathComponent("site")
        let root = SharedFixtures.packageRoot
        let server = try ServeProcess(binary, [
            "serve", "--demo", "--quiet", "--port", "0", "--output", site.path,
            "--templates", root.appendingPathComponent("Templates").path,
            "--public", root.appendingPathComponent("Public").path,
        ], captureIn: work)
        do {
            try await measure(server, site: site)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    private func measure(_ server: ServeProcess, site: URL) async throws {
        let port = try await onOwnThread { try server.port(within: 180) }
        // Written after the build, so it is the server, not the copy of `--public`, that reads it.
        try Data(repeating: 0x5A, count: Self.fileSize).write(to: site.appendingPathComponent("big.bin"))

        let start = try #require(ProcessMemory(pid: server.pid))
        let readers = ReaderGroup()
        defer { readers.closeAll() }
        var worst = start
        // In batches, so a server that holds each reader's whole file is caught before the machine runs out.
        for _ in 0..<(Self.readers / 25) {
            try await onOwnThread { try readers.open(25, port: port, target: "/big.bin") }
            worst = try #require(ProcessMemory(pid: server.pid))
            if worst.residentKiB > Self.limitKiB { break }
        }
        if readers.count == Self.readers {
            // A page asked for after the last reader is answered once the loop has gone past it, by when
            // every reader has been given what it will be given; the stalled readers hold up no one.
            let page = try await ServeTestSocket.request(port: port, "/")
            #expect(page.status == 200)
            let settled = try #require(ProcessMemory(pid: server.pid))
            if settled.residentKiB > worst.residentKiB { worst = settled }
        }
        #expect(readers.count == Self.readers, "the server passed \(Self.limitKiB / 1024) MB after \(readers.count) readers")
        #expect(worst.residentKiB < Self.limitKiB, "\(readers.count) slow readers: \(worst), at start \(start)")
        #expect(worst.peakKiB < Self.limitKiB, "peak \(worst.peakKiB / 1024) MB")
        let each = (worst.residentKiB - start.residentKiB) / max(1, readers.count)
        print("serve memory: at start \(start); with \(readers.count) slow readers of a 50 MB file \(worst), \(each) KiB a reader")

        readers.closeAll()
        let near = start.residentKiB + 20 * 1024
        let after = try await onOwnThread { ProcessMemory.settle(pid: server.pid, below: near, within: 30) }
        #expect(after.residentKiB < near, "after the readers left: \(after), at start \(start)")
        print("serve memory: after the readers left \(after)")
    }
}

/// Blocking work on a thread of its own, off the pool.
private func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// `VmRSS` and `VmHWM` of a process, from `/proc`.
struct ProcessMemory: CustomStringConvertible, Sendable {
    let residentKiB: Int
    let peakKiB: Int

    init?(pid: pid_t) {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .flatMap { Int($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces).dropLast(3)
                    .trimmingCharacters(in: .whitespaces)) }
        }
        guard let resident = field("VmRSS"), let peak = field("VmHWM") else { return nil }
        residentKiB = resident
        peakKiB = peak
    }

    var description: String { "RSS \(residentKiB / 1024) MB (peak \(peakKiB / 1024) MB)" }

    /// The memory once it is below `limit`, or as it is when `seconds` have passed. The server frees what the
    /// readers held as it notices each one gone; there is no event to wait for from outside, so this looks
    /// every 50 ms, bounded in time.
    static func settle(pid: pid_t, below limit: Int, within seconds: Int) -> ProcessMemory {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var latest = ProcessMemory(pid: pid)
        while let current = latest, current.residentKiB >= limit, ContinuousClock.now < deadline {
            usleep(50_000)
            latest = ProcessMemory(pid: pid)
        }
        return latest ?? ProcessMemory(residentKiB: 0, peakKiB: 0)
    }

    private init(residentKiB: Int, peakKiB: Int) {
        self.residentKiB = residentKiB
        self.peakKiB = peakKiB
    }
}

/// Clients that ask for a file, read its head and a little more, then stop reading.
final class ReaderGroup: @unchecked Sendable {
    private let lock = NSLock()
    private var sockets: [Int32] = []

    var count: Int { lock.withLock { sockets.count } }

    func open(_ count: Int, port: Int, target: String) throws {
        for _ in 0..<count {
            let fd = try Self.connect(port: port)
            lock.withLock { sockets.append(fd) }
            let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
            guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else {
                throw ReaderFailure(description: "send failed: errno \(errno)")
            }
            var head = [UInt8](repeating: 0, count: 16 * 1024)
            let received = head.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard received > 0, head[0..<received].starts(with: Array("HTTP/1.1 200".utf8)) else {
                throw ReaderFailure(description: "no answer (recv \(received), errno \(errno))")
            }
        }
    }

    func closeAll() {
        let open = lock.withLock {
            defer { sockets = [] }
            return sockets
        }
        for fd in open { close(fd) }
    }

    private static func connect(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ReaderFailure(description: "socket: errno \(errno)") }
        // A small receive window, so the kernel holds little for a reader that stopped reading.
        var window: Int32 = 16 * 1024
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &window, socklen_t(MemoryLayout<Int32>.size))
        var limit = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw ReaderFailure(description: "connect: errno \(code)")
        }
        return fd
    }
}

struct ReaderFailure: Error, CustomStringConvertible {
    let description: String
}

/// `rmwiki serve` with its standard output on a pipe, so the test reads the port it announces.
final class ServeProcess: Sendable {
    private let process: SpawnedProcess

    var pid: pid_t { process.pid }

    /// Its standard error goes to a file in `folder`.
    init(_ executable: String, _ arguments: [String], captureIn folder: URL) throws {
        process = try SpawnedProcess(executable, arguments, captureIn: folder, piping: .output)
    }

    /// The port in serve's `Serving … at http://127.0.0.1:PORT/` line.
    func port(within seconds: Int32) throws -> Int {
        guard let output = process.pipe?.fileDescriptor else { throw ReaderFailure(description: "no pipe from serve") }
        var text = ""
        let deadline = ContinuousClock.now + .seconds(Int(seconds))
        while ContinuousClock.now < deadline {
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Serving ") }),
               let url = line.split(separator: " ").first(where: { $0.hasPrefix("http://") }),
               let port = URL(string: String(url))?.port {
                return port
            }
            var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard Glibc.poll(&ready, 1, 1000) >= 0 else { continue }
            guard ready.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            text += String(decoding: chunk[0..<count], as: UTF8.self)
        }
        throw ReaderFailure(description: "serve announced no port: \(text)")
    }

    /// SIGTERM, which ends serve; SIGKILL if it has not ended 20 s later (a watchdog, not a guess at how long
    /// it takes). Reaps it either way; stopping it again does nothing.
    func stop() async {
        process.send(SIGTERM)
        _ = await process.wait(killingAfter: .seconds(20))
    }
}
