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
        self.err = { writeError(Self.printable($0) + "\n") }
        self.errorIsTerminal = errorIsTerminal
    }

    /// A message as a terminal should show it: warnings and errors quote the data (a species, a name, a URL), and a
    /// control character there (an escape sequence that recolours, moves the cursor or retitles the window) would
    /// act on the maintainer's terminal, so each is written as a visible `\u{1b}`. Line breaks and tabs stay.
    static func printable(_ message: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
        }
        guard message.unicodeScalars.contains(where: isControl) else { return message }
        var shown = String.UnicodeScalarView()
        for scalar in message.unicodeScalars {
            if isControl(scalar) { shown.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars) } else { shown.append(scalar) }
        }
        return String(shown)
    }

    static let standard = Console(
        write: { FileHandle.standardOutput.write(Data($0.utf8)) },
        writeError: { FileHandle.standardError.write(Data($0.utf8)) },
        errorIsTerminal: isatty(STDERR_FILENO) == 1)
}
