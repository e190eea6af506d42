import Foundation
import Testing
@testable import RMWikiCLI

@Suite struct CommandLineTests {
    @Test func helpListsEveryCommand() async {
        let result = await ConsoleRecorder.run(["--help"])
        #expect(result.code == 0)
        for command in ["build", "fetch", "render", "help"] { #expect(result.out.contains("  \(command) ")) }
    }

    @Test func helpOfACommandListsEveryOption() async {
        let result = await ConsoleRecorder.run(["help", "build"])
        #expect(result.code == 0)
        for option in BuildCommand.spec.options { #expect(result.out.contains("--\(option.name)"), "\(option.name)") }
        #expect(await ConsoleRecorder.run(["build", "--help"]).out == result.out)
    }

    @Test func versionIsPrinted() async {
        let result = await ConsoleRecorder.run(["--version"])
        #expect(result.code == 0)
        #expect(result.out.hasPrefix("rmwiki "))
    }

    @Test func unknownOptionSuggestsTheClosestOne() async {
        let result = await ConsoleRecorder.run(["build", "--ofline"])
        #expect(result.code == ExitCode.usage.rawValue)
        #expect(result.err == "rmwiki: unknown option '--ofline'; did you mean '--offline'? (see 'rmwiki help build')")
    }

    @Test func unknownCommandSuggestsTheClosestOne() async {
        let result = await ConsoleRecorder.run(["biuld"])
        #expect(result.code == ExitCode.usage.rawValue)
        #expect(result.err.contains("unknown command 'biuld'; did you mean 'build'?"))
    }

    @Test(arguments: [
        (["build", "--concurrency", "0"], "--concurrency needs a number from 1 to 64"),
        (["build", "--demo", "--offline"], "--demo and --offline exclude each other"),
        (["build", "--output"], "--output needs a value (DIR)"),
        (["build", "--base-url", "ftp://x/"], "invalid --base-url"),
        (["build", "--api", "not a url"], "--api needs an http(s) URL"),
        (["build", "extra"], "unexpected argument 'extra'"),
        (["render"], "missing argument"),
        (["build", "--quiet=yes"], "--quiet takes no value"),
    ])
    func badValuesAreUsageErrors(arguments: [String], message: String) async {
        let result = await ConsoleRecorder.run(arguments)
        #expect(result.code == ExitCode.usage.rawValue)
        #expect(result.err.contains(message), "\(result.err)")
        #expect(result.err.split(separator: "\n").count == 1, "one clear line")
    }

    @Test func optionValuesMayFollowAnEqualsSign() throws {
        let parsed = try ParsedArguments(["--output=/tmp/x", "--quiet"], spec: BuildCommand.spec)
        #expect(parsed.values["output"] == "/tmp/x")
        #expect(parsed.has("quiet"))
    }

    @Test func closestMatchIgnoresFarFetchedNames() {
        #expect(ClosestMatch.find("xyzzy", in: ["build", "fetch"]) == nil)
        #expect(ClosestMatch.find("outptu", in: ["output", "offline"]) == "output")
    }
}
