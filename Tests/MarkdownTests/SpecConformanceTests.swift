import Markdown
import Testing

/// CommonMark 0.31.2 and the GitHub extensions, every example, from ../shared/commonmark-spec.
@Suite("MarkdownSpec")
struct MarkdownSpecTests {
    @Test("all 652 CommonMark examples, plain CommonMark with raw HTML")
    func commonMark() {
        let examples = SpecFiles.commonMark
        #expect(examples.count == 652, "../shared/commonmark-spec/spec.json is missing or incomplete")
        var failures: [String] = []
        var exact = 0
        for example in examples {
            let html = MarkdownDocument(parsing: example.markdown, options: .commonMark).renderHTML()
            if html == example.html { exact += 1 }
            if HTMLNormalizer.normalize(html) != HTMLNormalizer.normalize(example.html) {
                failures.append("\(example): \(example.markdown.debugDescription)\n  expected \(example.html.debugDescription)\n  got      \(html.debugDescription)")
            }
        }
        print("CommonMark spec: \(examples.count - failures.count)/\(examples.count) pass, \(exact) byte for byte")
        #expect(failures.isEmpty, "\(failures.count) failing:\n\(failures.joined(separator: "\n"))")
    }

    @Test("the 22 GitHub extension examples, extensions on, raw HTML passed")
    func extensions() {
        let examples = SpecFiles.extensions
        #expect(examples.count == 22, "../shared/commonmark-spec/gfm-extensions.json is missing or incomplete")
        var failures: [String] = []
        for example in examples {
            let html = MarkdownDocument(parsing: example.markdown, options: MarkdownOptions(unsafe: true)).renderHTML()
            if HTMLNormalizer.normalize(html) != HTMLNormalizer.normalize(example.html) {
                failures.append("\(example): \(example.markdown.debugDescription)\n  expected \(example.html.debugDescription)\n  got      \(html.debugDescription)")
            }
        }
        print("GitHub extensions: \(examples.count - failures.count)/\(examples.count) pass")
        #expect(failures.isEmpty, "\(failures.count) failing:\n\(failures.joined(separator: "\n"))")
    }
}
