import Foundation
import Testing

/// The build reads in one screen, and so does every function: a long one is where the next reader gets lost.
/// Run `swift test --filter FunctionLengthTests` to see the longest functions printed, longest first.
struct FunctionLengthTests {
    /// Lines a function's declaration may span, from its first line to its closing brace (zola's `Site::build`
    /// is 77).
    static let limit = 80
    /// The Markdown renderer's one switch over node kinds: split up, each case would need the renderer's whole
    /// state passed in, and the cases read best side by side.
    static let exempt: Set<String> = ["Sources/Markdown/HTMLRenderer.swift: func renderHTMLBytes"]

    @Test("no function is longer than 80 lines, and the build's table of contents fits a screen")
    func functionsFitAScreen() throws {
        let functions = try FunctionLengths.measure(root: PackageSurfaceTests.checkout, folders: ["Sources", "Tests/Benchmarks"])
        print("The longest functions (lines, place):")
        for function in functions.prefix(12) { print("  \(function.lines)  \(function.place)") }
        let long = functions.filter { $0.lines > Self.limit && !Self.exempt.contains($0.key) }
        #expect(long.isEmpty, "over \(Self.limit) lines (split them into named steps):\n\(long.map(\.description).joined(separator: "\n"))")
        let steps = try #require(functions.first { $0.key == "Sources/WikiBuild/SiteBuild.swift: func build" })
        #expect(steps.lines <= 60, "SiteBuild.build is the build's table of contents: keep it within a screen (\(steps.lines) lines)")
        #expect(Set(functions.map(\.key)).isSuperset(of: Self.exempt), "an exemption names a function that is gone")
    }

    @Test("the measure skips braces in strings and comments and measures nested functions on their own")
    func theMeasureReadsSwift() throws {
        let source = """
            struct Shape {
                /// A brace in a comment: {
                func area() -> Int {
                    let text = "}}} \\(1) {"
                    let raw = #"a "quoted" { brace"#
                    let block = \"""
                        { in a multi-line string
                        \"""
                    /* { */
                    func inner() {
                        print(text, raw, block)
                    }
                    inner()
                    return 1
                }
                var side: Int {
                    2
                }
                init() {}
                func run(done: () -> Void = { }) {
                    done()
                }
            }
            """
        let functions = FunctionLengths.measure(source, path: "Shape.swift")
        #expect(functions.map(\.description) == [
            "13 lines: Shape.swift:3: func area", "3 lines: Shape.swift:10: func inner", "3 lines: Shape.swift:16: var side",
            "3 lines: Shape.swift:20: func run", "1 lines: Shape.swift:19: init",
        ])
    }
}

/// How long each function, initialiser, subscript and computed property is, found by matching braces outside
/// strings and comments: a text scan, not the compiler, which is all a length needs.
enum FunctionLengths {
    struct Function: CustomStringConvertible {
        let path: String
        let line: Int
        let name: String
        let lines: Int

        var key: String { "\(path): \(name)" }
        var place: String { "\(path):\(line): \(name)" }
        var description: String { "\(lines) lines: \(place)" }
    }

    /// Every `.swift` file under the folders, longest first.
    static func measure(root: URL, folders: [String]) throws -> [Function] {
        var functions: [Function] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
                functions += measure(text, path: folder + "/" + file)
            }
        }
        return functions.sorted { ($0.lines, $1.place) > ($1.lines, $0.place) }
    }

    static func measure(_ source: String, path: String) -> [Function] {
        let code = Array(source.utf8)
        var functions: [Function] = []
        // The text since the last brace or semicolon, strings and comments each replaced by "_" and their line
        // breaks, so a declaration's line can be counted from `headerLine`.
        var header: [UInt8] = []
        // Parentheses open in `header`: a brace inside them is a closure in a declaration's parameters (a default
        // argument), part of the header, not a body.
        var parentheses = 0
        var headerLine = 1
        var line = 1
        // Each open brace: the declaration it opens, if it is one (its name and first line).
        var open: [(name: String, line: Int)?] = []
        var index = 0
        while index < code.count {
            let byte = code[index]
            if let skipped = skipCommentOrString(code, at: index) {
                let breaks = code[index..<skipped].filter { $0 == UInt8(ascii: "\n") }.count
                header += [UInt8(ascii: "_")] + [UInt8](repeating: UInt8(ascii: "\n"), count: breaks)
                line += breaks
                index = skipped
                continue
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"):
                guard parentheses == 0 else {
                    header.append(byte)
                    break
                }
                if byte == UInt8(ascii: "{") {
                    open.append(declaration(in: header).map { ($0.name, headerLine + $0.lineBreaksBefore) })
                } else if byte == UInt8(ascii: "}"), let declaration = open.popLast(), let declaration {
                    functions.append(Function(path: path, line: declaration.line, name: declaration.name,
                                              lines: line - declaration.line + 1))
                }
                header.removeAll(keepingCapacity: true)
                headerLine = line
            default:
                header.append(byte)
                if byte == UInt8(ascii: "(") { parentheses += 1 }
                if byte == UInt8(ascii: ")") { parentheses = max(0, parentheses - 1) }
            }
            if byte == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        return functions.sorted { ($0.lines, $1.line) > ($1.lines, $0.line) }
    }

    /// Where a comment or string literal starting at `index` ends, or nil when none starts there.
    private static func skipCommentOrString(_ code: [UInt8], at index: Int) -> Int? {
        func starts(_ text: String, at position: Int) -> Bool {
            let bytes = Array(text.utf8)
            return position + bytes.count <= code.count && Array(code[position..<position + bytes.count]) == bytes
        }
        func end(of closing: [UInt8], from position: Int, escapes: Bool) -> Int {
            var position = position
            while position < code.count {
                if escapes && code[position] == UInt8(ascii: "\\") { position += 2; continue }
                if position + closing.count <= code.count && Array(code[position..<position + closing.count]) == closing {
                    return position + closing.count
                }
                position += 1
            }
            return code.count
        }
        if starts("//", at: index) { return end(of: [0x0A], from: index, escapes: false) - 1 }
        if starts("/*", at: index) { return end(of: Array("*/".utf8), from: index + 2, escapes: false) }
        var hashes = 0
        while index + hashes < code.count && code[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
        let quote = index + hashes
        guard quote < code.count, code[quote] == UInt8(ascii: "\"") else { return nil }
        let suffix = [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
        if starts("\"\"\"", at: quote) {
            return end(of: Array("\"\"\"".utf8) + suffix, from: quote + 3, escapes: hashes == 0)
        }
        return end(of: [UInt8(ascii: "\"")] + suffix, from: quote + 1, escapes: hashes == 0)
    }

    /// "func name", "init", "deinit", "subscript" or "var name" (a computed property) when the text before a brace
    /// ends in a declaration of one, and the line breaks before it; nil for a type, a closure, a control statement or
    /// a stored property's initial closure.
    private static func declaration(in header: [UInt8]) -> (name: String, lineBreaksBefore: Int)? {
        let text = String(decoding: header, as: UTF8.self)
        let range = NSRange(text.startIndex..., in: text)
        guard let match = declarationKeyword.matches(in: text, range: range).last,
              let found = Range(match.range, in: text), let keyword = Range(match.range(at: 1), in: text)
        else { return nil }
        let words = text[found].split(whereSeparator: \.isWhitespace)
        let name: String
        switch text[keyword] {
        case "func": name = "func " + (words.dropFirst().first.map(String.init) ?? "")
        case "var":
            guard !text[found.upperBound...].contains("=") else { return nil }
            name = "var " + (words.dropFirst().first.map { String($0.prefix { $0.isLetter || $0.isNumber || $0 == "_" }) } ?? "")
        case "init", "deinit", "subscript": name = String(text[keyword])
        default: return nil
        }
        return (name, text[..<found.lowerBound].filter { $0 == "\n" }.count)
    }

    /// The last keyword that makes a brace a body: not `self.init(` or `super.init(`, which are calls.
    private static let declarationKeyword = try! NSRegularExpression(
        pattern: #"(?<![.\w])(func|init|deinit|subscript|var|struct|class|enum|extension|protocol|actor)\b(?:\s+[^\s(<:]+)?"#)
}
