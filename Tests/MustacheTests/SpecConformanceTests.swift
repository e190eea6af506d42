import Foundation
import Mustache
import Testing
import TestSupport

/// Runs the official Mustache spec v1.4.2 (../shared/mustache-spec) straight from its JSON files.
@Suite(.enabled(if: SharedFixtures.hasMustacheSpec, Comment(rawValue: SharedFixtures.missingMustacheSpecMessage)))
struct SpecConformanceTests {
    static let files = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections",
        "~dynamic-names", "~inheritance", "~lambdas",
    ]

    struct SpecCase {
        let file: String
        let name: String
        let data: MustacheValue
        let template: String
        let expected: String
        let partials: [String: String]
    }

    static func cases(in file: String) throws -> [SpecCase] {
        let url = SharedFixtures.mustacheSpecFolder.appendingPathComponent("\(file).json")
        let document = try MustacheValue(json: Data(contentsOf: url), sourceName: url.lastPathComponent)
        guard case .object(let root) = document, case .array(let tests)? = root["tests"] else {
            Issue.record("\(file).json has no tests array")
            return []
        }
        return tests.compactMap { test -> SpecCase? in
            guard case .object(let fields) = test, case .string(let name)? = fields["name"],
                  case .string(let template)? = fields["template"], case .string(let expected)? = fields["expected"]
            else { return nil }
            var partials: [String: String] = [:]
            if case .object(let sources)? = fields["partials"] {
                for case let (partial, .string(source)) in sources { partials[partial] = source }
            }
            let data = replacingLambdaCode(fields["data"] ?? .null, with: SpecLambdas.lambda(named: name))
            return SpecCase(file: file, name: name, data: data, template: template, expected: expected, partials: partials)
        }
    }

    /// The spec's lambdas are code in other languages, tagged `{"__tag__": "code"}`.
    static func replacingLambdaCode(_ value: MustacheValue, with lambda: MustacheLambda?) -> MustacheValue {
        switch value {
        case .object(let members):
            if members["__tag__"] == "code", let lambda { return .lambda(lambda) }
            return .object(members.mapValues { replacingLambdaCode($0, with: lambda) })
        case .array(let items):
            return .array(items.map { replacingLambdaCode($0, with: lambda) })
        default:
            return value
        }
    }

    static func render(_ spec: SpecCase) throws -> String {
        let library = try TemplateLibrary(templates: spec.partials)
        return try library.render(source: spec.template, name: spec.name, context: spec.data)
    }

    @Test(arguments: files)
    func specFile(_ file: String) throws {
        let cases = try Self.cases(in: file)
        #expect(!cases.isEmpty)
        for spec in cases {
            let rendered = try Self.render(spec)
            #expect(rendered == spec.expected, "\(file): \(spec.name)")
        }
    }

    @Test func allTestsPass() throws {
        var total = 0
        var passed = 0
        for file in Self.files {
            for spec in try Self.cases(in: file) {
                total += 1
                if (try? Self.render(spec)) == spec.expected { passed += 1 }
            }
        }
        #expect(total == 194)
        #expect(passed == total)
    }
}

/// Swift equivalents of the `~lambdas` spec's code, by test name.
enum SpecLambdas {
    static func lambda(named name: String) -> MustacheLambda? {
        switch name {
        case "Interpolation": return MustacheLambda { _ in "world" }
        case "Interpolation - Expansion": return MustacheLambda { _ in "{{planet}}" }
        case "Interpolation - Alternate Delimiters": return MustacheLambda { _ in "|planet| => {{planet}}" }
        case "Interpolation - Multiple Calls":
            let calls = CallCounter()
            return MustacheLambda { _ in String(calls.next()) }
        case "Escaping": return MustacheLambda { _ in ">" }
        case "Section": return MustacheLambda { $0 == "{{x}}" ? "yes" : "no" }
        case "Section - Expansion": return MustacheLambda { "\($0){{planet}}\($0)" }
        case "Section - Alternate Delimiters": return MustacheLambda { "\($0){{planet}} => |planet|\($0)" }
        case "Section - Multiple Calls": return MustacheLambda { "__\($0)__" }
        case "Inverted Section": return MustacheLambda { _ in "" }
        default: return nil
        }
    }
}

/// The "Multiple Calls" lambda keeps state between calls; a lock makes that safe to share.
final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}
