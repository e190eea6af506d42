import Foundation
@testable import HTTPServer
import TestSupport
import Testing

/// The server answers while every thread of Swift's concurrency pool is blocked: its handlers run on a
/// thread of its own. Before that, a CPU-bound test beside a loopback server made requests time out.
@Suite struct BusyProcessTests {
    @Test(.hangGuard)
    func answersWhileTheConcurrencyPoolIsBlocked() async throws {
        let handler = ClosureHandler { _ in
            // A suspension point, so the handler needs its executor twice.
            await Task.yield()
            return .text("answered")
        }
        try await withServer(handler: handler) { port in
            let status = try await onThread { () -> Int in
                // One blocker per pool thread (the pool has one per core); each holds its thread until
                // the answer has arrived or the wait has clearly failed.
                let width = ProcessInfo.processInfo.activeProcessorCount
                let started = DispatchSemaphore(value: 0)
                let release = DispatchSemaphore(value: 0)
                for _ in 0..<width {
                    Task.detached {
                        started.signal()
                        release.wait()
                    }
                }
                defer { for _ in 0..<width { release.signal() } }
                for _ in 0..<width { started.wait() }
                let socket = try RawSocket(port: port, receiveTimeout: 30)
                try socket.send("GET /busy HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                return try socket.readResponse().status
            }
            #expect(status == 200)
        }
    }
}
