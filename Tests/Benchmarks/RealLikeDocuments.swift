/// Documents generated to read like the Markdown people publish (a book's chapters, a project's guides and
/// references), for the `markdown` benchmark: long prose, hard-wrapped or not, with code spans, emphasis, links
/// and references; nested and loose lists; fenced and indented code; tables; quotes. Every word is generated from a
/// fixed seed, so every run reads the same text and no one else's text is in the repository.
struct RealLikeDocuments {
    private var state: UInt64

    static func generate(bytes size: Int) -> [UInt8] {
        var generator = RealLikeDocuments(state: 0x0DD5_EED5)
        var out: [UInt8] = []
        out.reserveCapacity(size + 64 * 1024)
        var chapter = 1
        while out.count < size {
            out += generator.chapter(chapter).utf8
            chapter += 1
        }
        return out
    }

    // MARK: Randomness

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func number(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    private mutating func chance(_ percent: Int) -> Bool { number(0...99) < percent }

    private mutating func pick<T>(_ items: [T]) -> T { items[number(0...(items.count - 1))] }

    // MARK: Words

    private static let words = """
        the a an of to in and or for with on at by from as is are was be can will would should could must may this
        that these those it its their our your you we they he she value values file files folder path build builds
        test tests type types function functions method methods module modules package packages crate library code
        program programs compiler error errors warning result results option options string strings number numbers
        list lists map maps key keys item items line lines word words page pages text input output reader writer
        server client request response header body cache memory thread threads task tasks loop loops call calls
        return returns argument arguments variable variables field fields struct enum trait protocol interface
        instance object objects data record records table rows column columns index order first last next each every
        other same new old small large simple clear safe unsafe fast slow short long whole part parts step steps
        start end before after when while where because although unless until then also only just still even more
        most less least many much few several some any no not all both either neither now here there once twice
        write writes read reads run runs make makes use uses find finds keep keeps change changes check checks give
        gives take takes show shows hold holds open opens close closes move moves copy copies send sends wait waits
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)

    private static let identifiers = [
        "parse", "render", "config", "main", "Result", "Option", "Vec", "String", "HashMap", "Array", "Data", "URL",
        "count", "index", "buffer", "reader", "writer", "handle", "state", "error", "value", "items", "next", "build",
    ]

    private mutating func word() -> String { pick(Self.words) }

    private mutating func identifier() -> String {
        let first = pick(Self.identifiers)
        return chance(40) ? first + "_" + pick(Self.identifiers).lowercased() : first
    }

    /// A few words with, now and then, the inline markup prose carries.
    private mutating func phrase(_ count: Int) -> String {
        var parts: [String] = []
        for _ in 0..<count {
            switch number(0...99) {
            case 0..<6: parts.append("`" + identifier() + (chance(30) ? "()" : "") + "`")
            case 6..<9: parts.append("*" + word() + "*")
            case 9..<11: parts.append("**" + word() + " " + word() + "**")
            case 11..<14: parts.append("[" + word() + " " + word() + "](https://example.org/" + word() + "/" + word() + ".html)")
            case 14..<15: parts.append("[" + word() + "][ref-\(number(1...9))]")
            case 15..<16: parts.append("<https://docs.example.org/" + word() + ">")
            case 16..<17: parts.append(pick(["&amp;", "&mdash;", "&lt;T&gt;", "\"" + word() + "\"", word() + "'s", "e.g.", "(" + word() + ")"]))
            case 17..<18: parts.append(pick(["<kbd>Ctrl</kbd>", "_" + word() + "_", "\\*", "snake_case_name", "2 * 3"]))
            default: parts.append(word())
            }
        }
        return parts.joined(separator: " ")
    }

    private mutating func sentence() -> String {
        var text = phrase(number(6...22))
        if let first = text.first, first.isLowercase { text = first.uppercased() + text.dropFirst() }
        return text + pick([".", ".", ".", ".", ":", "?", "!"])
    }

    /// Sentences wrapped at 80 columns (as book and guide sources are), or one line per paragraph.
    private mutating func paragraph(indent: String = "", wrapped: Bool) -> String {
        let text = (0..<number(2...7)).map { _ in sentence() }.joined(separator: " ")
        guard wrapped else { return indent + text + "\n" }
        var lines: [String] = []
        var line = ""
        for piece in text.split(separator: " ") {
            if !line.isEmpty && line.count + piece.count + 1 > 80 - indent.count {
                lines.append(indent + line)
                line = ""
            }
            line += line.isEmpty ? String(piece) : " " + piece
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Blocks

    private mutating func list(depth: Int, wrapped: Bool) -> String {
        let ordered = chance(35)
        let loose = chance(25)
        let indent = String(repeating: " ", count: depth * (ordered ? 3 : 2))
        var out = ""
        for item in 1...number(2...7) {
            let marker = ordered ? "\(item). " : pick(["- ", "- ", "* "])
            out += indent + marker + phrase(number(3...18)) + pick([".", "", ";"]) + "\n"
            if loose { out += "\n" }
            if depth < 2 && chance(15) {
                out += list(depth: depth + 1, wrapped: wrapped)
                if loose { out += "\n" }
            } else if loose && chance(20) {
                out += paragraph(indent: indent + String(repeating: " ", count: marker.count), wrapped: wrapped) + "\n"
            }
        }
        return out
    }

    private mutating func codeBlock() -> String {
        let language = pick(["rust", "swift", "console", "toml", "json", "text", ""])
        var out = (chance(85) ? "```" : "~~~") + language + "\n"
        var depth = 0
        for _ in 0..<number(3...22) {
            let line: String
            switch number(0...9) {
            case 0: line = "fn \(identifier())(\(word()): &\(pick(Self.identifiers))) -> \(pick(Self.identifiers)) {"; depth += 1
            case 1 where depth > 0: depth -= 1; line = "}"
            case 2: line = "// \(phrase(number(3...10)))"
            case 3: line = "let \(identifier()) = \"\(word()) [\(word())] *\(word())*\";"
            case 4: line = "$ cargo \(pick(["build", "run", "test"])) --\(word())"
            default: line = "\(identifier()).\(identifier())(\(number(0...999)), &\(word()));"
            }
            out += String(repeating: "    ", count: max(0, depth - (line == "}" ? 0 : 1))) + line + "\n"
        }
        return out + (out.hasPrefix("~~~") ? "~~~" : "```") + "\n"
    }

    private mutating func indentedCode() -> String {
        (0..<number(2...6)).map { _ in "    \(identifier()) = \(identifier())(\(number(0...99)))\n" }.joined()
    }

    private mutating func table() -> String {
        let columns = number(2...5)
        let alignments = (0..<columns).map { _ in pick(["---", ":---", "---:", ":---:", "--------"]) }
        var out = "| " + (0..<columns).map { _ in word().capitalized }.joined(separator: " | ") + " |\n"
        out += "|" + alignments.map { " \($0) " }.joined(separator: "|") + "|\n"
        for _ in 0..<number(2...12) {
            let cells = (0..<columns).map { _ in
                switch number(0...5) {
                case 0: "`\(identifier())`"
                case 1: String(number(0...9999))
                default: phrase(number(1...6))
                }
            }
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return out
    }

    private mutating func quote(wrapped: Bool) -> String {
        let body = pick(["> Note: ", "> Warning: ", "> "]) + paragraph(wrapped: wrapped)
        return body.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .enumerated().map { $0.offset == 0 ? String($0.element) : "> " + $0.element }.joined(separator: "\n") + "\n"
    }

    private mutating func heading(_ level: Int) -> String {
        String(repeating: "#", count: level) + " " + (0..<number(2...7)).map { _ in word() }.joined(separator: " ").capitalized + "\n"
    }

    mutating func chapter(_ number: Int) -> String {
        let wrapped = chance(60)
        var blocks = ["# Chapter \(number): " + heading(1).dropFirst(2)]
        for _ in 0..<self.number(3...8) {
            blocks.append(heading(pick([2, 2, 3, 3, 4])))
            for _ in 0..<self.number(2...9) {
                switch self.number(0...99) {
                case 0..<52: blocks.append(paragraph(wrapped: wrapped))
                case 52..<68: blocks.append(list(depth: 0, wrapped: wrapped))
                case 68..<80: blocks.append(codeBlock())
                case 80..<84: blocks.append(indentedCode())
                case 84..<91: blocks.append(table())
                case 91..<97: blocks.append(quote(wrapped: wrapped))
                default: blocks.append(pick(["---\n", "<!-- \(word()) -->\n", "<details>\n<summary>\(word())</summary>\n\n\(phrase(8))\n\n</details>\n"]))
                }
            }
        }
        blocks.append((1...9).map { "[ref-\($0)]: https://example.org/reference/\($0) \"\(word())\"\n" }.joined())
        return blocks.joined(separator: "\n") + "\n"
    }
}
