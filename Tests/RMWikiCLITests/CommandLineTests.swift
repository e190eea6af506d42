import Foundation
import Testing
@testable import Primitives
@testable import RMWikiCLI

@Suite struct CommandLineTests {
    /// Warnings quote the data: an escape sequence in a species would act on the maintainer's terminal.
    @Test func warningsShowControlCharactersOfTheDataAsText() {
        let recorder = ConsoleRecorder()
        recorder.console.err("species \"\u{1B}]0;owned\u{07}\u{1B}[2JAlien\u{9B}31m\" has no fr translation\n\tand a tab")
        #expect(recorder.err == #"species "\u{1b}]0;owned\u{7}\u{1b}[2JAlien\u{9b}31m" has no fr translation"# + "\n\tand a tab")
        #expect(Console.printable("Zombified 🧟 Évian") == "Zombified 🧟 Évian")
    }

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

    @Test func helpOfHelpIsItsUsage() async {
        for arguments in [["help", "help"], ["help", "-h"], ["help", "--help"]] {
            let result = await ConsoleRecorder.run(arguments)
            #expect(result.code == 0, "\(arguments): \(result.err)")
            #expect(result.out.hasPrefix("Usage: rmwiki help [COMMAND]"), "\(arguments): \(result.out)")
        }
    }

    @Test func dashHIsHelpEverywhere() async {
        let overview = await ConsoleRecorder.run(["--help"]).out
        #expect(await ConsoleRecorder.run(["-h"]).out == overview)
        for command in ["build", "fetch", "render", "serve"] {
            let short = await ConsoleRecorder.run([command, "-h"])
            let long = await ConsoleRecorder.run(["help", command])
            let afterOptions = await ConsoleRecorder.run(command == "render" ? ["render", "page.mustache", "-h"] : [command, "--quiet", "-h"])
            #expect(short.code == 0, "\(command): \(short.err)")
            #expect(short.out == long.out && afterOptions.out == long.out, "\(command)")
        }
    }

    @Test func aValidPortIsStillAccepted() throws {
        let parsed = try ParsedArguments(
            ["--image-host", "img.example:8443,[::1]:9000", "--base-url", "https://[::1]:8443/wiki/"], spec: BuildCommand.spec)
        let options = try SiteOptions(parsed, command: "build")
        #expect(options.imageHosts.map(\.description) == ["img.example:8443", "::1:9000"])
        #expect(options.configuration.origin == "https://[::1]:8443")
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
        (["fetch", "--max-time", "0s"], "--max-time needs a duration from 1s to 24h, such as 90m, 600s or 2h"),
        (["fetch", "--max-time", "90"], "--max-time needs a duration"),
        (["build", "--max-time", "25h"], "--max-time needs a duration"),
        (["build", "--max-time", "1.5h"], "--max-time needs a duration"),
        (["build", "--image-host", ""], "--image-host needs host names such as images.example.org or images.example.org:8443 (a port is 1 to 65535), separated by commas; got ''"),
        (["fetch", "--image-host", "x:99999"], "--image-host needs host names"),
        (["fetch", "--image-host", "a.example,,b.example"], "got ''"),
        (["fetch", "--image-host", "x:0"], "got 'x:0'"),
        (["build", "--base-url", "https://example.org:99999/"], "invalid --base-url 'https://example.org:99999/'"),
        (["build", "--base-url", "https://example.org:/"], "invalid --base-url"),
        (["build", "--base-url", "https://::1/"], "invalid --base-url"),
        (["build", "--api", "https://example.org:70000/api"], "--api needs an http(s) URL"),
        (["build", "--output", "A", "--output", "B"], "--output was given twice ('A' and 'B'): give it once"),
        (["fetch", "--cache=A", "--cache", "A"], "--cache was given twice"),
        // Under a folder that does not exist, so nothing could be made even if the path were taken.
        (["build", "--demo", "--output", "/nonexistent-rmwiki/" + String(repeating: "a", count: 5_000)],
         "--output: the path is 5,020 bytes long; a folder's path can be at most 3,072 bytes, and each name in it 200"),
        (["build", "--demo", "--output", "/nonexistent-rmwiki/" + String(repeating: "b", count: 300) + "/site"],
         "--output: the name 'bbbbbbbbbbbbbbbbbbbbbbbb…' is 300 bytes long"),
        (["fetch", "--cache", "/nonexistent-rmwiki/" + String(repeating: "é", count: 128)], "--cache: the name"),
        (["serve", "--demo", "--content", "/nonexistent-rmwiki/" + String(repeating: "c", count: 256)], "--content: the name"),
    ])
    func badValuesAreUsageErrors(arguments: [String], message: String) async {
        let result = await ConsoleRecorder.run(arguments)
        #expect(result.code == ExitCode.usage.rawValue)
        #expect(result.err.contains(message), "\(result.err)")
        #expect(result.err.split(separator: "\n").count == 1, "one clear line")
    }

    @Test func optionValuesMayFollowAnEqualsSign() throws {
        let parsed = try ParsedArguments(["--output=/tmp/x", "--quiet"], spec: BuildCommand.spec)
        #expect(parsed[.output] == "/tmp/x")
        #expect(parsed.has(.quiet))
    }

    @Test func maxTimeTakesSecondsMinutesOrHours() throws {
        #expect(DurationText.limit("600s") == .seconds(600))
        #expect(DurationText.limit("90m") == .seconds(5400))
        #expect(DurationText.limit("2h") == .seconds(7200))
        #expect(DurationText.limit("99999999999999999h") == nil)
        #expect(try SiteOptions(ParsedArguments([], spec: FetchCommand.spec), command: "fetch").maxTime == .seconds(3600))
    }

    @Test func closestMatchIgnoresFarFetchedNames() {
        #expect(ClosestMatch.find("xyzzy", in: ["build", "fetch"]) == nil)
        #expect(ClosestMatch.find("outptu", in: ["output", "offline"]) == "output")
    }
}
