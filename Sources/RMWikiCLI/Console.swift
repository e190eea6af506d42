import Foundation

/// Where the tool writes: standard output for results, standard error for progress and errors.
/// Tests pass closures that collect the text instead.
public struct Console: Sendable {
    public let out: @Sendable (String) -> Void
    public let err: @Sendable (String) -> Void
    /// Whether standard error is a terminal (live progress lines) or a log (cron, CI).
    public let errorIsTerminal: Bool

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, errorIsTerminal: Bool) {
        self.out = out
        self.err = err
        self.errorIsTerminal = errorIsTerminal
    }

    public static let standard = Console(
        out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
        err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
        errorIsTerminal: isatty(STDERR_FILENO) == 1)
}
