import Foundation
import TestSupport
import Testing
@testable import RMWikiCLI

@Suite struct ServeCommandTests {
    @Test func serveIsListedAndItsHelpNamesEveryOption() async {
        #expect(await ConsoleRecorder.run(["--help"]).out.contains("  serve "))
        let help = await ConsoleRecorder.run(["help", "serve"])
        #expect(help.code == 0)
        for option in BuildCommand.spec.options where !["dry-run", "strict"].contains(option.name) {
            #expect(help.out.contains("--\(option.name)"), "serve takes every option of build: \(option.name)")
        }
        for option in ["port", "host", "watch"] { #expect(help.out.contains("--\(option)")) }
        #expect(help.out.contains(ServeOptions.defaultOutput), "the help says where previews go")
    }

    @Test func previewsNeverDefaultToThePublishedFolder() throws {
        let options = try ServeTestRun.options(["--demo"])
        #expect(options.site.output.lastPathComponent == ServeOptions.defaultOutput)
        #expect(options.host == "127.0.0.1")
        #expect(options.isLoopback)
        let chosen = try ServeTestRun.options(["--demo", "--output", "/tmp/elsewhere"])
        #expect(chosen.site.output.path == "/tmp/elsewhere")
    }

    @Test func rebuildsNeverFetch() throws {
        let fetching = try ServeTestRun.options(["--cache", "/tmp/cache"])
        #expect(fetching.site.source == .cache(offline: false))
        #expect(fetching.rebuild.source == .cache(offline: true))
        #expect(ServeSession(options: fetching, console: ConsoleRecorder().console).watchedPaths.map(\.path)
            .contains("/tmp/cache/current/snapshot.json"), "a fetch in another terminal triggers a rebuild")
        let demo = try ServeTestRun.options(["--demo"])
        #expect(demo.rebuild.source == .demo)
    }

    @Test func theContentFolderIsWatched() throws {
        let given = try ServeTestRun.options(["--demo", "--content", "/tmp/fan-content"])
        #expect(ServeSession(options: given, console: ConsoleRecorder().console).watchedPaths.map(\.path)
            .contains("/tmp/fan-content"), "an edited article triggers a rebuild")
        let fetching = try ServeTestRun.options(["--cache", "/tmp/cache"])
        #expect(ServeSession(options: fetching, console: ConsoleRecorder().console).watchedPaths.map(\.lastPathComponent)
            .contains("content"), "the default content folder is watched, even before it exists")
    }

    @Test func otherAddressesAreAllowedButNotLoopback() throws {
        for host in ["0.0.0.0", "192.168.1.10", "::"] {
            let options = try ServeTestRun.options(["--demo", "--host", host])
            #expect(!options.isLoopback, "\(host)")
        }
        #expect(try ServeTestRun.options(["--demo", "--host", "::1"]).urlHost == "[::1]")
    }

    @Test(arguments: [
        (["serve", "--port", "70000"], "--port needs a number from 0 to 65535"),
        (["serve", "--port", "http"], "--port needs a number from 0 to 65535"),
        (["serve", "--host", "example.org"], "--host needs an IPv4 or IPv6 address"),
        (["serve", "--dry-run"], "unknown option '--dry-run'"),
        (["serve", "--demo", "--offline"], "--demo and --offline exclude each other"),
        (["serve", "--wacth"], "did you mean '--watch'?"),
    ])
    func badValuesAreUsageErrors(arguments: [String], message: String) async {
        let result = await ConsoleRecorder.run(arguments)
        #expect(result.code == ExitCode.usage.rawValue)
        #expect(result.err.contains(message), "\(result.err)")
    }

    @Test func itPrintsTheURLAndStopsCleanly() async throws {
        // A folder of its own, so the build state kept beside the output goes with it.
        let work = try SharedFixtures.temporaryDirectory("rmwiki-serve").appendingPathComponent("site")
        defer { try? FileManager.default.removeItem(at: work.deletingLastPathComponent()) }
        let (console, code) = try await ServeTestRun.with(["--demo", "--output", work.path]) { run in run.console }
        #expect(code == .success)
        let lines = console.out.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("Serving \(work.path) at http://127.0.0.1:") && $0.hasSuffix("/ (Ctrl-C to stop)") }, "\(console.out)")
        #expect(lines.last == "Stopped.")
        #expect(console.err.isEmpty)
    }

    @Test func aBusyPortIsAClearError() async throws {
        // A folder of its own, so the build state kept beside the output goes with it.
        let work = try SharedFixtures.temporaryDirectory("rmwiki-serve").appendingPathComponent("site")
        defer { try? FileManager.default.removeItem(at: work.deletingLastPathComponent()) }
        _ = try await ServeTestRun.with(["--demo", "--quiet", "--output", work.path]) { run in
            let taken = ["--demo", "--quiet", "--output", work.path, "--port", String(run.port)]
            let options = try ServeOptions(try ParsedArguments(taken, spec: ServeCommand.spec), command: "serve")
            let recorder = ConsoleRecorder()
            let (stop, _) = AsyncStream<Void>.makeStream()
            let code = await ServeSession(options: options, console: recorder.console).run(until: stop)
            #expect(code == .failure)
            #expect(recorder.err.contains("port \(run.port) is in use"), "\(recorder.err)")
        }
    }
}
