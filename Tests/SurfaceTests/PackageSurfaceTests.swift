import Foundation
import Testing

/// A declaration is `package` only when another product module uses it: the rest is internal, so a module's surface
/// is what the product really calls, and the tests reach the rest with `@testable import`. This is a name scan, not
/// the compiler (see the README's "Layout of the code"): a `package` declaration of a product module is reported when
/// its name is written in no other product module's files and in no other `package` declaration of its own module
/// (its type, parameters, default values, conformances or protocol requirements, which the compiler requires to be
/// `package` too). It can miss a declaration whose name another module writes for something else, and it does not
/// judge initialisers and subscripts, which have no name of their own.
struct PackageSurfaceTests {
    /// What `rmwiki-bench` and the loopback API it links need and no product module names (with the types in their
    /// signatures). They build in release, where `@testable import` is refused, so these stay `package`; each is
    /// checked to still need the exception.
    static let releaseFixtureNeeds: Set<String> = [
        "RickAndMortyAPI: enum HTTPDate", "RickAndMortyAPI: enum ByteCount", "RickAndMortyAPI: var hasSnapshot",
        "RickAndMortyAPI: func fetchRecordsAndAvatars", "RickAndMortyAPI: struct SnapshotFetch",
        "RickAndMortyAPI: struct StoredResponse", "RickAndMortyAPI: struct AvatarDownloadReport",
        "RickAndMortyAPI: struct DownloadedImage", "RickAndMortyAPI: var retries",
        "RickAndMortyAPI: var imagesDownloaded", "WikiBuild: struct Theme",
    ]

    @Test("no package declaration goes unused by the other product modules")
    func everyPackageDeclarationIsUsedByAnotherProductModule() throws {
        let unused = try PackageSurface(root: Self.checkout).unusedDeclarations()
        let reported = unused.filter { !Self.releaseFixtureNeeds.contains($0.key) }.map(\.description)
        #expect(reported.isEmpty, "package, yet no other product module names them (make them internal):\n\(reported.joined(separator: "\n"))")
        let stale = Self.releaseFixtureNeeds.subtracting(unused.map(\.key))
        #expect(stale.isEmpty, "no longer a package declaration only the benchmarks need: \(stale.sorted())")
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
                package private(set) var sealed: Int  // only Shape's own module reads it too
                package func area(in unit: Unit) -> Int { corners }
            }
            package enum Unit { case metre }
            package let leftOver = 0
            """)
        try write("Sources/Upper/Use.swift", "import Lower\nfunc use(_ shape: Shape) -> Int { shape.corners + shape.area(in: .metre) }\n")
        // Neither the benchmarks nor a test target is a product module: what only they name is reported.
        try write("Tests/Benchmarks/Bench.swift", "import Lower\nlet bench = leftOver\n")
        try write("Tests/LowerTests/ShapeTests.swift", "@testable import Lower\nfunc test(_ shape: Shape) -> Int { shape.hidden }\n")
        let unused = try PackageSurface(root: root).unusedDeclarations().map(\.description)
        #expect(unused == ["Sources/Lower/Shape.swift:3: var hidden", "Sources/Lower/Shape.swift:4: var sealed",
                           "Sources/Lower/Shape.swift:8: let leftOver"])
    }

    /// The checkout this file is in: Tests/SurfaceTests/ is two folders down.
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}

/// The `package` declarations of the product modules (each folder under `Sources/`), and the
/// names each of them writes.
struct PackageSurface {
    /// A declaration no other product module names.
    struct Unused: CustomStringConvertible {
        let file: String
        let line: Int
        let module: String
        let kind: String
        let name: String

        var description: String { "\(file):\(line): \(kind) \(name)" }
        var key: String { "\(module): \(kind) \(name)" }
    }

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
            #"\bpackage\s+(?:private\(set\)\s+)?((?:(?:static|final|override|mutating|convenience|required|indirect|lazy|nonisolated|class)\s+)*)(func|var|let|init|struct|class|enum|case|typealias|protocol|actor|subscript)\b\s*(`?\w*`?)"#)
        let enumCase = try NSRegularExpression(pattern: #"^[ \t]*(?:indirect\s+)?case\s+\w+\s*\(.*$"#, options: .anchorsMatchLines)
        let comment = try NSRegularExpression(pattern: #"//.*"#)
        let base = "Sources"
        let folder = root.appendingPathComponent(base)
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return }
        // Only the product: the tests, the fixtures and `rmwiki-bench`, all under Tests/, are not read at all.
        for case let path as String in walker where path.hasSuffix(".swift") {
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
                // A protocol's requirements are as visible as the protocol.
                let end = kind == "protocol"
                    ? bodyStart.flatMap { Self.closingBrace(in: rest[$0...]) } ?? lineEnd
                    : ["let", "var", "case", "typealias"].contains(kind) && (bodyStart ?? rest.endIndex) > lineEnd
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
        closing("(", ")", in: text)
    }

    /// Where the first brace of `text` closes.
    private static func closingBrace(in text: Substring) -> Substring.Index? {
        closing("{", "}", in: text)
    }

    private static func closing(_ open: Character, _ close: Character, in text: Substring) -> Substring.Index? {
        var depth = 0
        for index in text.indices {
            if text[index] == open { depth += 1 }
            if text[index] == close {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// Every named `package` declaration that no other product module names and no other `package` declaration of
    /// its module mentions; repeated until none is left, since a declaration found unused no longer keeps the types
    /// in its signature `package`.
    func unusedDeclarations() -> [Unused] {
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
            return Unused(file: declaration.file, line: declaration.line, module: declaration.module, kind: declaration.kind,
                          name: declaration.name)
        }
    }
}
