import Mustache
import Testing
import TestSupport

/// Random and mutated templates must either render or throw a `MustacheError`; never crash.
struct FuzzTests {
    /// SplitMix64: a tiny deterministic generator so failures reproduce.
    struct Generator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    static let pieces = [
        "{{", "}}", "{{{", "}}}", "{{#a}}", "{{/a}}", "{{^b}}", "{{/b}}", "{{#l}}", "{{/l}}", "{{>p}}", "{{>q}}",
        "{{<p}}", "{{/p}}", "{{$x}}", "{{/x}}", "{{>*d}}", "{{<*d}}", "{{=<% %>=}}", "<%", "%>", "<%={{ }}=%>", "{{&c}}",
        "{{!", "{{! c }}", "{{.}}", "{{a.b}}", "{{l}}", "{{c}}", "\n", "\r\n", "  ", "\t", "text", "é", "🧪", "=", "{{=",
        "#", "/", "^", ">", "<", "$", "&", "*", ".", "{", "}",
    ]

    static let partials = [
        "p": "[{{$x}}p{{/x}}{{#a}}{{>q}}{{/a}}]\n", "q": "  {{c}}\n{{#a}}{{>p}}{{/a}}", "r": "{{>r}}",
    ]

    static let data: MustacheValue = [
        "a": [["b": "<&>"], ["a": false]], "b": [1, 2], "c": "x\ny", "d": "p",
        "l": .lambda(MustacheLambda { text in text + "{{c}}" }),
    ]

    @Test func randomTemplatesRenderOrThrow() throws {
        let library = try TemplateLibrary(templates: Self.partials)
        var generator = Generator(state: 42)
        var rendered = 0
        for _ in 0..<2_500 {
            var template = ""
            for _ in 0..<generator.below(24) {
                template += Self.pieces[generator.below(Self.pieces.count)]
            }
            if Self.attempt(library, template) { rendered += 1 }
        }
        // Some templates must get through, or the generator tests only the error paths.
        #expect(rendered > 250)
    }

    @Test func mutatedSpecTemplatesRenderOrThrow() throws {
        let library = try TemplateLibrary(templates: Self.partials)
        let seeds: [[UInt8]] = Self.partials.values.map { Array($0.utf8) } + [
            Array("Hello {{#people}}\n  {{>p}}\n{{/people}}{{^none}}none{{/none}}{{{raw}}} {{=| |=}}|x| |={{ }}=|".utf8),
            Array("{{<p}}\n{{$x}}\n  inner {{c}}\n{{/x}}\n{{/p}}\n".utf8),
        ]
        let alphabet = Array("{}#^/<>$&!=*. \n\r\tab".utf8)
        var generator = Generator(state: 7)
        for _ in 0..<2_000 {
            var bytes = seeds[generator.below(seeds.count)]
            for _ in 0..<1 + generator.below(4) {
                let position = generator.below(bytes.count + 1)
                switch generator.below(4) {
                case 0: bytes.insert(alphabet[generator.below(alphabet.count)], at: position)
                case 1 where position < bytes.count: bytes.remove(at: position)
                case 2 where position < bytes.count: bytes[position] = UInt8(truncatingIfNeeded: generator.next())
                default: bytes.insert(contentsOf: bytes[position...].prefix(6), at: position)
                }
            }
            _ = Self.attempt(library, String(decoding: bytes, as: UTF8.self))
        }
    }

    /// True when the template rendered; false when it threw a `MustacheError`; records any other error.
    static func attempt(_ library: TemplateLibrary, _ template: String) -> Bool {
        do {
            _ = try library.render(source: template, name: "fuzz", context: data)
            return true
        } catch is MustacheError {
            return false
        } catch {
            Issue.record("unexpected error \(error) for \(template.debugDescription)")
            return false
        }
    }
}
