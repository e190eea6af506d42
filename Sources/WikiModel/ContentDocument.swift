/// A mistake in the content folder, named where a maintainer can jump to it: `content/articles/x.md:3:1: …`.
/// A build that meets one publishes nothing.
package struct ContentError: Error, CustomStringConvertible, Equatable, Sendable {
    let file: String
    let line: Int
    let column: Int
    let message: String

    package init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    package var description: String { "\(file):\(line):\(column): \(message)" }
}

/// Every mistake of a build's content at once, as a compiler lists them: in file order, each at its file, line and
/// column, so one build shows a writer all there is to fix. The list stops at `shown`, counting the rest.
package struct ContentErrors: Error, CustomStringConvertible, Equatable, Sendable {
    /// In file order (file, then line, then column); those at one place in the order they were found.
    package let errors: [ContentError]

    /// Enough to work through; a folder with more has one mistake repeated, which the first ones show.
    static let shown = 50

    package init(_ errors: [ContentError]) {
        self.errors = errors.enumerated().sorted { left, right in
            let (l, r) = (left.element, right.element)
            return (l.file, l.line, l.column, left.offset) < (r.file, r.line, r.column, right.offset)
        }.map(\.element)
    }

    package var description: String {
        let count = errors.count == 1 ? "1 mistake" : "\(errors.count) mistakes"
        let rest = errors.count - Self.shown
        return "\(count) in the content (nothing was published):\n"
            + errors.prefix(Self.shown).map(\.description).joined(separator: "\n")
            + (rest > 0 ? "\n… and \(rest) more" : "")
    }
}

/// One Markdown file of the content folder: its front matter and the Markdown below it.
package struct ContentDocument: Sendable, Equatable {
    /// The path errors name, as the maintainer gave the folder (`content/articles/portal-guns.md`).
    let file: String
    let title: String?
    let summary: String?
    /// `YYYY-MM-DD`, checked.
    let date: String?
    /// The line each front matter key was given on, for the mistakes of a key a file's kind does not read.
    var keyLines: [String: Int] = [:]
    /// The Markdown below the front matter, its lines ended by "\n" whatever the file used.
    let body: String
    /// The line of `file` the body starts on, so wiki-link errors name the file's own lines.
    let bodyLine: Int
    /// The front matter's mistakes: a build with any publishes nothing, but still checks the body's links so that
    /// it can list those too.
    package let mistakes: [ContentError]

    static let keys = ["title", "summary", "date"]

    /// Reads `---` / `key: value` lines / `---` on the file's very first line, if it starts so; the rest is the body.
    /// Every mistake of the front matter is in `mistakes`.
    package init(file: String, text: String) {
        self.file = file
        let lines = Self.lines(of: text.hasPrefix("\u{FEFF}") ? Substring(text.dropFirst()) : Substring(text))
        func error(_ line: Int, _ column: Int, _ message: String) -> ContentError {
            ContentError(file: file, line: line, column: column, message: message)
        }
        guard lines.first.map({ $0.trimmingTrailingSpaces == "---" }) == true else {
            let mistake = Self.misplacedFrontMatter(lines).map { error($0.line, 1, $0.message) }
            (title, summary, date, body, bodyLine, mistakes) = (nil, nil, nil, Self.joined(lines[...]), 1, mistake.map { [$0] } ?? [])
            return
        }
        // The closing line first: without it every line of the body would read as a bad key.
        guard let closing = lines.indices.dropFirst().first(where: { lines[$0].trimmingTrailingSpaces == "---" }) else {
            let dash = lines.indices.dropFirst().first { Self.isDashLine(lines[$0]) }
            let mistake = error(1, 1, "the front matter opened here has no closing '---' line"
                + (dash.map { ": line \($0 + 1) has '\(lines[$0].trimmed)', which is not three hyphens" } ?? ""))
            (title, summary, date, body, bodyLine, mistakes) = (nil, nil, nil, Self.joined(lines[...]), 1, [mistake])
            return
        }
        var values: [String: String] = [:]
        var errors: [ContentError] = []
        for index in 1..<closing {
            let (line, number) = (lines[index], index + 1)
            if line.allSatisfy(\.isWhitespace) { continue }
            guard let colon = line.firstIndex(of: ":") else {
                errors.append(error(number, 1, "front matter lines are 'key: value'; this one has no ':'"))
                continue
            }
            let key = line[..<colon].trimmed
            guard Self.keys.contains(key) else {
                errors.append(error(number, 1, "unknown front matter key '\(key)': the keys are title, summary and date"))
                continue
            }
            guard values[key] == nil else {
                errors.append(error(number, 1, "'\(key)' is given twice"))
                continue
            }
            let after = line[line.index(after: colon)...]
            let value = Self.unquoted(after.trimmed)
            let valueColumn = line.distance(from: line.startIndex, to: after.firstIndex { !$0.isWhitespace } ?? after.startIndex) + 1
            guard !value.isEmpty else {
                errors.append(error(number, valueColumn, "'\(key)' has no value"))
                continue
            }
            if key == "date", !Self.isDay(value) {
                errors.append(error(number, valueColumn, Self.isDayShaped(value)
                    ? "date '\(value)' is not a real day" : "date '\(value)' is not a day written YYYY-MM-DD"))
                continue
            }
            values[key] = value
            keyLines[key] = number
        }
        mistakes = errors
        title = values["title"]
        summary = values["summary"]
        date = values["date"]
        body = Self.joined(lines[(closing + 1)...])
        bodyLine = closing + 2
    }

    /// A file's lines, whatever ends them: "\r\n" is one `Character` in Swift, so splitting on "\n" alone would make
    /// a Windows file one line. A line break is always a `Character` of its own (or "\r\n" together), so the bytes
    /// can be read instead of the characters: a big article's lines are found at memory speed.
    static func lines(of text: Substring) -> [Substring] {
        let utf8 = text.utf8
        var lines: [Substring] = []
        var start = utf8.startIndex
        var index = start
        while index < utf8.endIndex {
            let byte = utf8[index]
            guard byte == 0x0A || byte == 0x0D else {
                utf8.formIndex(after: &index)
                continue
            }
            lines.append(text[start..<index])
            utf8.formIndex(after: &index)
            if byte == 0x0D, index < utf8.endIndex, utf8[index] == 0x0A { utf8.formIndex(after: &index) }
            start = index
        }
        lines.append(text[start..<utf8.endIndex])
        return lines
    }

    /// Lines ended by "\n": the text they were cut from when it had no "\r", without copying them one by one.
    static func joined(_ lines: ArraySlice<Substring>) -> String {
        guard let first = lines.first, let last = lines.last else { return "" }
        let whole = first.base[first.startIndex..<last.endIndex]
        return whole.utf8.contains(0x0D) ? lines.joined(separator: "\n") : String(whole)
    }

    /// Front matter that does not open on line 1 with `---` would be published as a rule and a heading: a file whose
    /// first lines read as `key: value` (after blank lines, or after a line of other dashes) is a mistake.
    private static func misplacedFrontMatter(_ lines: [Substring]) -> (line: Int, message: String)? {
        guard let first = lines.firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
        let opener = isDashLine(lines[first]) ? first : nil
        let keyLine = opener.map { $0 + 1 } ?? first
        guard keyLine < lines.count, isKeyLine(lines[keyLine]) else { return nil }
        if let opener {
            let mark = lines[opener].trimmed
            return mark == "---"
                ? (opener + 1, "front matter opens on line 1: remove the blank lines above this '---'")
                : (opener + 1, "front matter opens with '---' (three hyphens); this line is '\(mark)'")
        }
        return (keyLine + 1, "'\(lines[keyLine].trimmed)' reads as front matter, but the file does not open with a "
            + "'---' line: put '---' on line 1 and another below the last key (or this line is published as text)")
    }

    /// A line of dashes only: `---`, or what an editor makes of it (`—`, `–––`, `----`).
    private static func isDashLine(_ line: Substring) -> Bool {
        let mark = line.trimmed
        return !mark.isEmpty && mark.allSatisfy { "-—–‒―".contains($0) } && mark != "-"
    }

    private static func isKeyLine(_ line: Substring) -> Bool {
        guard let colon = line.firstIndex(of: ":") else { return false }
        return keys.contains(line[..<colon].trimmed)
    }

    /// The quotes YAML writers put around a value, straight or as an editor curls them, are not part of it.
    static func unquoted(_ value: String) -> String {
        let pairs: [(Character, Character)] = [("\"", "\""), ("'", "'"), ("“", "”"), ("‘", "’"), ("«", "»"), ("„", "“")]
        guard value.count >= 2, let first = value.first, let last = value.last,
              pairs.contains(where: { $0 == (first, last) }) else { return value }
        return String(value.dropFirst().dropLast()).trimmed
    }

    /// A real day written `YYYY-MM-DD`: `2026-02-30` is refused like `2026-2-3`.
    static func isDay(_ text: String) -> Bool {
        CalendarDate(iso8601: text)?.isoDay == text
    }

    /// Written `YYYY-MM-DD`, real or not.
    private static func isDayShaped(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.map(\.count) == [4, 2, 2] && parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}

extension Substring {
    var trimmed: String { String(self).trimmed }

    fileprivate var trimmingTrailingSpaces: Substring {
        var text = self[...]
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return Substring(text)
    }
}
