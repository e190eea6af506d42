import Foundation
@testable import RMWikiCLI
import TestSupport

/// `rmwiki serve` run in-process on a free loopback port, stopped after the test's body.
struct ServeTestRun: Sendable {
    struct NeverServed: Error, CustomStringConvertible {
        let code: ExitCode
        let errors: String
        var description: String { "serve ended with \(code) before serving: \(errors)" }
    }

    let url: URL
    let port: Int
    let console: ConsoleRecorder

    static func options(_ arguments: [String], pollInterval: Duration = .milliseconds(50)) throws -> ServeOptions {
        var options = try ServeOptions(try ParsedArguments(arguments + ["--port", "0"], spec: ServeCommand.spec), command: "serve")
        options.pollInterval = pollInterval
        return options
    }

    /// Serves with `arguments` (plus `--port 0`) while `body` runs; returns its result and serve's exit code.
    /// `whenReady` runs inside serve's announcement, before serve goes on (to act at that exact moment).
    static func with<T: Sendable>(
        _ arguments: [String], pollInterval: Duration = .milliseconds(50), whenReady: @escaping @Sendable () -> Void = {},
        _ body: (ServeTestRun) async throws -> T
    ) async throws -> (result: T, code: ExitCode) {
        let options = try options(arguments, pollInterval: pollInterval)
        let console = ConsoleRecorder()
        let (stop, stopper) = AsyncStream<Void>.makeStream()
        let (ready, announce) = AsyncStream<URL>.makeStream()
        return try await withThrowingTaskGroup(of: ExitCode.self) { group in
            group.addTask {
                let code = await ServeSession(options: options, console: console.console).run(until: stop) { whenReady(); announce.yield($0) }
                announce.finish()
                return code
            }
            var urls = ready.makeAsyncIterator()
            guard let url = await urls.next(), let port = url.port else {
                let code = try await group.next() ?? .failure
                throw NeverServed(code: code, errors: console.err)
            }
            let result: T
            do {
                result = try await body(ServeTestRun(url: url, port: port, console: console))
            } catch {
                stopper.finish()
                group.cancelAll()
                throw error
            }
            stopper.finish()
            return (result, try await group.next() ?? .failure)
        }
    }

    func get(_ target: String, method: String = "GET", headers: [String] = []) async throws -> ServeTestSocket.Response {
        try await ServeTestSocket.request(port: port, target, method: method, headers: headers)
    }
}
