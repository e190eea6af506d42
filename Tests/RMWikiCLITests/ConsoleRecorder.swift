import Foundation
@testable import RMWikiCLI

/// Collects what a command prints, standing in for the terminal.
final class ConsoleRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""

    var out: String { lock.withLock { outText } }
    /// Standard error without its final newline, so a one-line message compares as one line.
    var err: String { lock.withLock { errText.hasSuffix("\n") ? String(errText.dropLast()) : errText } }

    var console: Console {
        Console(
            write: { text in self.lock.withLock { self.outText += text } },
            writeError: { text in self.lock.withLock { self.errText += text } },
            errorIsTerminal: false)
    }

    static func run(_ arguments: [String]) async -> (code: Int32, out: String, err: String) {
        let recorder = ConsoleRecorder()
        let code = await RMWikiTool.run(arguments, console: recorder.console)
        return (code, recorder.out, recorder.err)
    }
}
