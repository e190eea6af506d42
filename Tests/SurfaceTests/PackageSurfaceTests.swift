import Foundation
import Testing

/// A declaration is `package` only when another module uses it: the rest is internal, so a module's surface is what
/// the others really call. This is a name scan, not the compiler (see the README's "Layout of the code"): a
/// `package` declaration is reported when its name is written in no other module's files and in no other `package`
/// declaration of its own module (its type, parameters, default values or conformances, which the compiler requires
/// to be `package` too). It can miss a declaration whose name another module writes for something else, and it
/// does not judge initialisers and subscripts, which have no name of their own.
struct PackageSurfaceTests {
    @Test("no package declaration goes unused by other modules")
    func everyPackageDeclarationIsUsedByAnotherModule() throws {
        let unused = try PackageSurface(root: Self.checkout).unusedDeclarations()
        #expect(unused.isEmpty, "package, yet no other module names them (make them internal):\n\(unused.joined(separator: "\n"))")
    }

    @Test("the scan finds a package declaration no other module names")
    func theScanFindsAnUnusedDeclaration() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rmwiki-surface-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ path: String, _ text: String) throws {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        try write("Sources/Lower/Shape.swift", """
            package struct Shape {
                package var corners: Int
                package var hidden: Int  // only Shape's own module reads it
                package func area(in unit: Unit) -> Int { corners }
            }
            package enum Unit { case metre }
            package let leftOver = 0
            """)
        try write("Sources/Upper/Use.swift", "import Lower\nfunc use(_ shape: Shape) -> Int { shape.corners + shape.area(in: .metre) }\n")
        let unused = try PackageSurface(root: root).unusedDeclarations()
        #expect(unused == ["Sources/Lower/Shape.swift:3: var hidden", "Sources/Lower/Shape.swift:7: let leftOver"])
    }

    /// The checkout this file is in: Tests/SurfaceTests/ is two folders down.
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}

/// The `package` declarations of the modules under `Sources/` and `Tests/` (each folder there is a module), and
/// the names each module writes.
struct PackageSurface {
    private struct Declaration {
        let file: String
        let module: String
        let line: Int
        let kind: String
        let name: String
        /// The words of its signature: everything up to its body, or the line of a property or case.
        let signature: Set<String>
    }

    private var declarations: [Declaration] = []
    private var words: [String: Set<String>] = [:]

    init(root: URL) throws {
        let declaration = try NSRegularExpression(pattern:
            #"\bpackage\s+((?:(?:static|final|override|mutating|convenience|required|indirect|lazy|nonisolated|class)\s+)*)(func|var|let|init|struct|class|enum|case|typealias|protocol|actor|subscript)\b\s*(`?\w*`?)"#)
        let enumCase = try NSRegularExpression(pattern: #"^[ \t]*(?:indirect\s+)?case\s+\w+\s*\(.*$"#, options: .anchorsMatchLines)
        let comment = try NSRegularExpression(pattern: #"//.*"#)
        for base in ["Sources", "Tests"] {
            let folder = root.appendingPathComponent(base)
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            // This test's own folder is left out: its sample is made of such declarations.
            for case let path as String in walker where path.hasSuffix(".swift") && !path.hasPrefix("SurfaceTests/") {
                guard let module = path.split(separator: "/").first.map(String.init), path.contains("/") else { continue }
                let source = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                let text = comment.stringByReplacingMatches(
                    in: source, range: NSRange(source.startIndex..., in: source), withTemplate: "")
                words[module, default: []].formUnion(Self.words(text[...]))
                for match in Self.matches(declaration, in: text) {
                    guard let whole = match[0], let kindRange = match[2], let nameRange = match[3] else { continue }
                    let kind = String(text[kindRange])
                    let name = String(text[nameRange]).trimmingCharacters(in: ["`"])
                    let rest = text[whole.upperBound...]
                    let lineEnd = rest.firstIndex(of: "\n") ?? rest.endIndex
                    // A function's body starts after its parameters, whose default values may hold braces.
                    let parameters = ["func", "init", "subscript"].contains(kind) ? Self.closingParenthesis(in: rest) : nil
                    let bodyStart = rest[(parameters ?? rest.startIndex)...].firstIndex(of: "{")
                    let end = ["let", "var", "case", "typealias"].contains(kind) && (bodyStart ?? rest.endIndex) > lineEnd
                        ? lineEnd : bodyStart ?? lineEnd
                    declarations.append(Declaration(
                        file: base + "/" + path, module: module,
                        line: text[..<whole.lowerBound].count(where: { $0 == "\n" }) + 1, kind: kind, name: name,
                        signature: Self.words(rest[..<end])))
                }
                // An enum's cases with values, which need no keyword of their own: what they hold is as visible as
                // the enum (switch patterns start with a dot or `let`, so they are not read as cases).
                for match in Self.matches(enumCase, in: text) {
                    guard let whole = match[0] else { continue }
                    declarations.append(Declaration(
                        file: base + "/" + path, module: module, line: 0, kind: "case", name: "",
                        signature: Self.words(text[whole])))
                }
            }
        }
    }

    /// Each match's groups (0: the whole match), nil where a group took no part.
    private static func matches(_ expression: NSRegularExpression, in text: String) -> [[Range<String.Index>?]] {
        expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { Range(match.range(at: $0), in: text) }
        }
    }

    /// The identifiers and numbers in `text`.
    private static func words(_ text: Substring) -> Set<String> {
        Set(text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
    }

    /// Where the first parenthesis of `text` closes.
    private static func closingParenthesis(in text: Substring) -> Substring.Index? {
        var depth = 0
        for index in text.indices {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// "file:line: kind name" for every named `package` declaration that no other module names and no other
    /// `package` declaration of its module mentions; repeated until none is left, since a declaration found unused
    /// no longer keeps the types in its signature `package`.
    func unusedDeclarations() -> [String] {
        var unused: Set<Int> = []
        while true {
            var signatures: [String: [String: Int]] = [:]
            for (index, declaration) in declarations.enumerated() where !unused.contains(index) {
                for word in declaration.signature { signatures[declaration.module, default: [:]][word, default: 0] += 1 }
            }
            var found: Set<Int> = []
            for (index, declaration) in declarations.enumerated() where !["init", "subscript"].contains(declaration.kind) {
                let name = declaration.name
                guard !name.isEmpty, !words.contains(where: { $0.key != declaration.module && $0.value.contains(name) })
                else { continue }
                let mentions = (signatures[declaration.module]?[name] ?? 0) - (declaration.signature.contains(name) ? 1 : 0)
                if mentions == 0 { found.insert(index) }
            }
            if found == unused { break }
            unused = found
        }
        return unused.sorted().map {
            let declaration = declarations[$0]
            return "\(declaration.file):\(declaration.line): \(declaration.kind) \(declaration.name)"
        }
    }
}
