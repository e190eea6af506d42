import Foundation

/// Where the tool writes: standard output for results, standard error for progress and errors (a line each).
/// Tests pass closures that collect the text instead.
package struct Console: Sendable {
    /// Writes text exactly as given to standard output (`rmwiki render`'s result).
    let write: @Sendable (String) -> Void
    /// Writes text exactly as given to standard error (live progress lines redraw with `\r`).
    let writeError: @Sendable (String) -> Void
    let out: @Sendable (String) -> Void
    let err: @Sendable (String) -> Void
    /// Whether standard error is a terminal (live progress lines) or a log (cron, CI).
    let errorIsTerminal: Bool

    init(
        write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
        errorIsTerminal: Bool
    ) {
        self.write = write
        self.writeError = writeError
        self.out = { write($0 + "\n") }
        self.err = { writeError($0 + "\n") }
        self.errorIsTerminal = errorIsTerminal
    }

    static let standard = Console(
        write: { FileHandle.standardOutput.write(Data($0.utf8)) },
        writeError: { FileHandle.standardError.write(Data($0.utf8)) },
        errorIsTerminal: isatty(STDERR_FILENO) == 1)
}
