/// A mistake in the content folder, named where a maintainer can jump to it: `content/articles/x.md:3:1: …`.
/// A build that meets one publishes nothing.
package struct ContentError: Error, CustomStringConvertible, Equatable, Sendable {
    package let file: String
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

/// One Markdown file of the content folder: its front matter and the Markdown below it.
package struct ContentDocument: Sendable, Equatable {
    /// The path errors name, as the maintainer gave the folder (`content/articles/portal-guns.md`).
    package let file: String
    let title: String?
    let summary: String?
    /// `YYYY-MM-DD`, checked.
    let date: String?
    let body: String
    /// The line of `file` the body starts on, so wiki-link errors name the file's own lines.
    let bodyLine: Int

    static let keys = ["title", "summary", "date"]

    /// Reads `---` / `key: value` lines / `---` at the very top, if the file starts so; the rest is the body.
    package init(file: String, text: String) throws(ContentError) {
        self.file = file
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? line.dropLast() : line
        }
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        guard lines.first.map({ $0.trimmingTrailingSpaces == "---" }) == true else {
            (title, summary, date, body, bodyLine) = (nil, nil, nil, text, 1)
            return
        }
        var values: [String: String] = [:]
        var closing: Int?
        for (index, line) in lines.enumerated().dropFirst() {
            let number = index + 1
            if line.trimmingTrailingSpaces == "---" { closing = index; break }
            if line.allSatisfy(\.isWhitespace) { continue }
            guard let colon = line.firstIndex(of: ":") else {
                throw ContentError(file: file, line: number, column: 1,
                                   message: "front matter lines are 'key: value'; this one has no ':'")
            }
            let key = line[..<colon].trimmed
            guard Self.keys.contains(key) else {
                throw ContentError(file: file, line: number, column: 1,
                                   message: "unknown front matter key '\(key)': the keys are title, summary and date")
            }
            guard values[key] == nil else {
                throw ContentError(file: file, line: number, column: 1, message: "'\(key)' is given twice")
            }
            let after = line[line.index(after: colon)...]
            let value = after.trimmed
            let valueColumn = line.distance(from: line.startIndex, to: after.firstIndex { !$0.isWhitespace } ?? after.startIndex) + 1
            guard !value.isEmpty else {
                throw ContentError(file: file, line: number, column: valueColumn, message: "'\(key)' has no value")
            }
            if key == "date", !Self.isDay(value) {
                throw ContentError(file: file, line: number, column: valueColumn,
                                   message: "date '\(value)' is not a day written YYYY-MM-DD")
            }
            values[key] = value
        }
        guard let closing else {
            throw ContentError(file: file, line: 1, column: 1, message: "the front matter opened here has no closing '---' line")
        }
        title = values["title"]
        summary = values["summary"]
        date = values["date"]
        body = lines[(closing + 1)...].joined(separator: "\n")
        bodyLine = closing + 2
    }

    /// A real day written `YYYY-MM-DD`: `2026-02-30` is refused like `2026-2-3`.
    static func isDay(_ text: String) -> Bool {
        CalendarDate(iso8601: text)?.isoDay == text
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
