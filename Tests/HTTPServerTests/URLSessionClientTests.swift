import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import HTTPServer
import TestSupport
import Testing

@Suite struct URLSessionClientTests {
    static let handler = ClosureHandler { request in
        switch request.path {
        case "/echo": return .text("\(request.method) \(String(decoding: request.body, as: UTF8.self))")
        case "/slow":
            try? await Task.sleep(for: .milliseconds(10))
            return HTTPResponse(contentType: "application/json", bytes: Array("{\"id\":\(request.query["id"] ?? "")}".utf8))
        case "/events":
            let stream = AsyncStream<[UInt8]> { continuation in
                continuation.yield(Array("data: a\n\n".utf8))
                continuation.yield(Array("data: b\n\n".utf8))
                continuation.finish()
            }
            return HTTPResponse(headers: ["Content-Type": "text/event-stream"], body: .stream(stream))
        case "/truncate":
            let (chunks, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
            continuation.yield(Array(repeating: 65, count: 100))
            continuation.finish(throwing: CancellationError())
            return HTTPResponse(headers: ["Content-Type": "text/plain"], body: .sized(length: 1000, chunks: chunks))
        default: return .status(404)
        }
    }

    private func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        // Generous: the whole suite runs in parallel on two cores, and on Linux one broken connection can make
        // URLSession time out the requests queued behind it; the server's speed is not what this test measures.
        configuration.timeoutIntervalForRequest = 120
        return URLSession(configuration: configuration)
    }

    @Test func getPostAndNotFound() async throws {
        try await withServer(handler: Self.handler) { port in
            let session = session()
            defer { session.invalidateAndCancel() }
            let base = "http://127.0.0.1:\(port)"
            let (json, jsonResponse) = try await session.data(from: try #require(URL(string: "\(base)/slow?id=7")))
            #expect(String(decoding: json, as: UTF8.self) == "{\"id\":7}")
            #expect((jsonResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "application/json")
            var post = URLRequest(url: try #require(URL(string: "\(base)/echo")))
            post.httpMethod = "POST"
            post.httpBody = Data("payload".utf8)
            let (echo, _) = try await session.data(for: post)
            #expect(String(decoding: echo, as: UTF8.self) == "POST payload")
            let (_, missing) = try await session.data(from: try #require(URL(string: "\(base)/nope")))
            #expect((missing as? HTTPURLResponse)?.statusCode == 404)
        }
    }

    @Test func streamsArriveWhole() async throws {
        try await withServer(handler: Self.handler) { port in
            let session = session()
            defer { session.invalidateAndCancel() }
            let (data, _) = try await session.data(from: try #require(URL(string: "http://127.0.0.1:\(port)/events")))
            #expect(String(decoding: data, as: UTF8.self) == "data: a\n\ndata: b\n\n")
        }
    }

    @Test func truncatedBodiesAreAnErrorForURLSession() async throws {
        try await withServer(handler: Self.handler) { port in
            let session = session()
            defer { session.invalidateAndCancel() }
            await #expect(throws: (any Error).self) {
                _ = try await session.data(from: try #require(URL(string: "http://127.0.0.1:\(port)/truncate")))
            }
        }
    }

    @Test func manyConcurrentRequests() async throws {
        try await withServer(handler: Self.handler) { port in
            let session = session()
            defer { session.invalidateAndCancel() }
            let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for id in 0..<300 {
                    group.addTask {
                        let url = try #require(URL(string: "http://127.0.0.1:\(port)/slow?id=\(id)"))
                        let (data, _) = try await session.data(from: url)
                        return (id, String(decoding: data, as: UTF8.self))
                    }
                }
                return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
            }
            #expect(bodies.count == 300)
            #expect(bodies.allSatisfy { $0.value == "{\"id\":\($0.key)}" })
        }
    }
}
