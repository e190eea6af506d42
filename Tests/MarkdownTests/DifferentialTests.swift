import Foundation
import Markdown
import TestSupport
import Testing

/// Thousands of generated documents (random mixes of every construct, fixed seed) must render as the C
/// reference implementation renders them: `cmark --unsafe` for plain CommonMark, `cmark-gfm` with the
/// extensions for the GitHub constructs. Skipped, saying so, where they are not installed
/// (CI installs them: `apt-get install cmark cmark-gfm`).
@Suite struct MarkdownDifferentialTests {
    static let cmark = Reference.find("cmark")
    static let cmarkGFM = Reference.find("cmark-gfm")

    @Test(.enabled(if: cmark != nil, "cmark is not installed (apt-get install cmark): differential test skipped"))
    func plainCommonMarkMatchesCmark() throws {
        var generator = DocumentGenerator(seed: 0x5EED_C0DE, extensions: false)
        let documents = (0..<2000).map { _ in generator.document() }
        let expected = try Reference.render(documents, with: Self.cmark ?? "", arguments: ["--unsafe"])
        let failures = Self.compare(documents, expected, options: .commonMark)
        print("Differential, cmark: \(documents.count - failures.count)/\(documents.count) documents match")
        #expect(failures.isEmpty, "\(failures.count) differ, first: \(failures.prefix(20).joined(separator: "\n\n"))")
    }

    @Test(.enabled(if: cmarkGFM != nil, "cmark-gfm is not installed (apt-get install cmark-gfm): differential test skipped"))
    func extensionsMatchCmarkGFM() throws {
        var generator = DocumentGenerator(seed: 0xC0FFEE, extensions: true)
        let documents = (0..<1000).map { _ in generator.document() }
        let arguments = ["--unsafe", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter"]
        let expected = try Reference.render(documents, with: Self.cmarkGFM ?? "", arguments: arguments)
        let failures = Self.compare(documents, expected, options: MarkdownOptions(unsafe: true))
        print("Differential, cmark-gfm: \(documents.count - failures.count)/\(documents.count) documents match")
        #expect(failures.isEmpty, "\(failures.count) differ, first: \(failures.prefix(20).joined(separator: "\n\n"))")
    }

    /// A line holding only `|` (with spaces) has no cell: cmark-gfm ends the table there, whatever follows and
    /// wherever the table is; `||` and `| |` hold one empty cell and stay rows.
    @Test(.enabled(if: cmarkGFM != nil, "cmark-gfm is not installed (apt-get install cmark-gfm): differential test skipped"))
    func aLineOfOnlyAPipeEndsATableAsInCmarkGFM() throws {
        let table = "| a | b |\n| - | :-: |\n| 1 | 2 |\n"
        let quoted = "> " + table.replacingOccurrences(of: "\n", with: "\n> ")
        let listed = "- item\n\n  " + table.replacingOccurrences(of: "\n", with: "\n  ")
        let lines: [String] = ["|", "|  ", "   |", "| \t", "||", "| |", "|\\|", "| x", "x |", "\\|"]
        var documents: [String] = []
        for line in lines {
            documents.append(table + line + "\n| 3 | 4 |\n")
            documents.append(table + line + "\ntext\n")
            documents.append(table + line + "\n")
            documents.append(quoted + line + "\n> | 3 | 4 |\n")
            documents.append(listed + line + "\n  | 3 |\n")
        }
        let arguments = ["--unsafe", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter"]
        let expected = try Reference.render(documents, with: Self.cmarkGFM ?? "", arguments: arguments)
        let failures = Self.compare(documents, expected, options: MarkdownOptions(unsafe: true))
        let shown: String = failures.prefix(5).joined(separator: "\n\n")
        #expect(failures.isEmpty, "\(failures.count) differ, first: \(shown)")
    }

    /// cmark's `max_ref_size`: reference links past the budget (the input's size, at least 100,000 bytes) stay text,
    /// exactly where cmark's do: one definition used until it runs out, a title counted with its destination, several
    /// definitions sharing the budget, a document larger than 100,000 bytes.
    @Test(.enabled(if: cmark != nil, "cmark is not installed (apt-get install cmark): differential test skipped"))
    func expandedReferencesStopWhereCmarksDo() throws {
        let documents = [
            "[a]: /" + String(repeating: "u", count: 19_999) + "\n\n" + String(repeating: "[a] ", count: 5000) + "\n",
            "[a]: /" + String(repeating: "u", count: 9_000) + " \"" + String(repeating: "t", count: 999) + "\"\n\n"
                + String(repeating: "[x][a] ", count: 12) + "\n",
            "[a]: /" + String(repeating: "u", count: 30_000) + "\n[b]: /b\n\n" + String(repeating: "[a] [b] ![i][a] ", count: 4) + "\n",
            "[a]: /" + String(repeating: "u", count: 50_000) + "\n\n" + String(repeating: "text ", count: 30_000) + String(repeating: "[a] ", count: 5) + "\n",
        ]
        let expected = try Reference.render(documents, with: Self.cmark ?? "", arguments: ["--unsafe"])
        let failures = Self.compare(documents, expected, options: .commonMark)
        #expect(failures.isEmpty, "\(failures.count) differ, first: \(failures.first?.prefix(300) ?? "")")
    }

    static func compare(_ documents: [String], _ expected: [String], options: MarkdownOptions) -> [String] {
        zip(documents, expected).compactMap { document, reference in
            let ours = MarkdownDocument(parsing: document, options: options).renderHTML()
            guard HTMLNormalizer.normalize(ours) != HTMLNormalizer.normalize(reference) else { return nil }
            return "\(document.debugDescription)\n  reference \(reference.debugDescription)\n  ours      \(ours.debugDescription)"
        }
    }
}

/// Runs the reference renderer over many documents with one shell (a process per file, no per-file setup).
enum Reference {
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func render(_ documents: [String], with tool: String, arguments: [String]) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("markdown-differential-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, document) in documents.enumerated() {
            try Data(document.utf8).write(to: folder.appendingPathComponent("\(index).md"))
        }
        // The shell goes into the folder itself: `posix_spawn` starts the child where the test process is.
        let process = try SpawnedProcess("/bin/sh", [
            "-c", "cd \"$0\" || exit 1; tool=$1; shift; i=0; while [ $i -lt \(documents.count) ]; do \"$tool\" \"$@\" \"$i.md\" > \"$i.html\" || exit 1; i=$((i+1)); done",
            folder.path, tool,
        ] + arguments, captureIn: folder)
        let ended = process.waitUntilExit()
        guard ended == .exited(0) else { throw ReferenceFailure(termination: ended) }
        return try documents.indices.map { index in
            try String(contentsOf: folder.appendingPathComponent("\(index).html"), encoding: .utf8)
        }
    }

    struct ReferenceFailure: Error {
        let termination: SpawnedProcess.Termination
    }
}

/// Random documents from the pieces of every construct, reproducible from a seed (SplitMix64).
struct DocumentGenerator {
    var state: UInt64
    let extensions: Bool

    init(seed: UInt64, extensions: Bool) {
        state = seed
        self.extensions = extensions
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }

    static let words = ["Rick", "Morty", "portal", "gun", "Summer", "Beth", "Jerry", "Citadel", "é", "日本", "x", "a1", "foo", "bar"]
    static let inlines = [
        "*", "**", "_", "__", "***", "*emph*", "**strong**", "_under_", "__dunder__", "*a **b** c*", "**a *b* c**",
        "`code`", "``co`de``", "`", "` a `", "[link](/url)", "[link](/url \"title\")", "[link](<a b> 'title')",
        "[ref]", "[Ref][]", "[text][ref]", "[text][missing]", "![img](/i.png)", "![alt *x*](/i.png \"t\")",
        "<http://a.b/c?d=e&f>", "<mailto:a@b.c>", "<a@b.c>", "<span class=\"x\">", "</span>", "<b>", "</b>",
        "&amp;", "&copy;", "&#35;", "&#x41;", "&bogus;", "\\*", "\\_", "\\[", "\\", "[", "]", "(", ")", "!", "<", ">",
        "&", "\"", "'", "  ", "\t", "[a]: x", "![", "](", "*[", "]*", "_(", ")_", "1.", "-", "#", "|", "~",
    ]
    static let extensionInlines = [
        "~~del~~", "~one~", "~~~three~~~", "~~a *b*~~", "www.example.com", "www.example.com/path?q=1.", "(www.a.org)",
        "http://example.com", "https://example.com/a_(b)", "ftp://files.example.org.", "foo@bar.baz",
        "a.b-c_d@a.b.", "x@y", "<title>", "<xmp>", "</style>", "www.a_b.c", "http://a.b/c<d", "| a | b |",
    ]

    /// cmark-gfm 0.29 links `www.` after an unclosed `[` (newer versions do not).
    static let unclosedBrackets: Set<String> = ["[", "![", "*["]

    mutating func inline() -> String {
        // A line starting with a tag would be an HTML block in cmark-gfm 0.29 even as a lazy line.
        var parts: [String] = extensions ? [pick(Self.words), " "] : []
        for _ in 0..<(1 + Int(next() % 8)) {
            if extensions && chance(25) {
                parts.append(pick(Self.extensionInlines))
            } else if chance(45) {
                var piece = pick(Self.inlines)
                while extensions && Self.unclosedBrackets.contains(piece) { piece = pick(Self.inlines) }
                parts.append(piece)
            } else {
                parts.append(pick(Self.words))
            }
            // cmark-gfm 0.29 (Debian's) predates rules for pieces run together (flanking after `~`, e-mail
            // after a scheme): with the extensions, pieces stay apart.
            if extensions || chance(70) { parts.append(" ") }
        }
        return parts.joined()
    }

    mutating func block() -> [String] {
        switch next() % (extensions ? 20 : 18) {
        case 0: return [String(repeating: "#", count: 1 + Int(next() % 7)) + " " + inline() + pick(["", " #", " ##  "])]
        case 1: return [inline(), pick(["===", "---", "  ==  "])]
        case 2: return ["> " + inline(), pick(["> " + inline(), inline(), ">", ""])]
        case 3: return [pick(["- ", "* ", "+ ", "1. ", "2) ", "10. "]) + inline(), pick(["  ", "   ", "    ", ""]) + inline()]
        case 4: return [pick(["- ", "1. "]) + inline(), "", pick(["- ", "1. ", "  "]) + inline()]
        case 5: return ["    " + inline(), pick(["    more", "", "\tcode"])]
        case 6: return [pick(["```", "~~~", "````"]) + pick(["", " swift", " a b"]), inline(), pick(["```", "~~~", "````", "  ```"])]
        case 7: return [pick(["***", "---", "___", " - - -", "* * *"])]
        case 8:
            // cmark-gfm 0.29 lets a custom tag interrupt a lazy paragraph line, which 0.30 fixed.
            let openers = ["<div>", "<DIV class=\"a\">", "<table>", "<pre>", "<script>", "<?php", "<!X"] + (extensions ? [] : ["<custom-tag>"])
            return [pick(openers), inline(), pick(["</div>", "", "</pre>", "</script>", "?>", ">"])]
        case 9:
            // cmark-gfm 0.29 keeps a definition right before a table as text.
            return [pick(["[ref]: /url", "[Ref]: <http://x.y> 'title'", "[REF]:\n/url\n\"t\"", "[ref]: /u \"t\" x", "[ \n]: /u"])]
                + (extensions ? [""] : [])
        case 10: return [""]
        case 11: return ["- " + pick(["> ", "- ", "1. ", ""]) + inline(), "  " + pick(["- ", "> ", ""]) + inline()]
        case 12: return ["> - " + inline(), "> " + pick(["  ", "- ", ""]) + inline(), pick(["", inline()])]
        case 18, 19: return [pick(["| a | b |", "a | b", "|x|"]), pick(["| --- | :-: |", "-|-", "|:-|", "| - |"]), pick(["| " + inline() + " | c |", inline(), ""])]
        default: return [inline() + pick(["", "  ", "\\"]), pick([inline(), ""])]
        }
    }

    mutating func document() -> String {
        var lines: [String] = []
        for _ in 0..<(1 + Int(next() % 6)) {
            lines += block()
            if chance(50) { lines.append("") }
        }
        return lines.joined(separator: "\n") + (chance(80) ? "\n" : "")
    }
}
