import Testing
@testable import WikiBuild

/// `PageRenderer.replaceControlCharacters` looks at eight bytes at a time and byte by byte only where a word may
/// hold one: every control character at every offset of a word must still be found, and what is allowed (tab,
/// line breaks, UTF-8 beyond ASCII) must be left alone.
struct ControlCharacterTests {
    static let controls: [UInt8] = (UInt8(0)..<0x20).filter { ![0x09, 0x0A, 0x0D].contains($0) } + [0x7F]

    @Test func everyControlCharacterAtEveryOffsetBecomesTheReplacementCharacter() {
        let base = Array("ab\tcd\r\nefé😀ghijklmnopqrstuvwxyz ~!".utf8)
        for control in Self.controls {
            for offset in 0...base.count {
                var output = base
                output.insert(control, at: offset)
                PageRenderer.replaceControlCharacters(in: &output)
                var expected = base
                expected.insert(contentsOf: [0xEF, 0xBF, 0xBD], at: offset)
                #expect(output == expected, "byte \(control) at \(offset)")
            }
        }
    }

    @Test func allowedBytesAreLeftAlone() {
        let allowed = Array("\t\n\r é😀 \u{80}\u{FFFD} plain text\n".utf8) + (0x20..<0x7F).map(UInt8.init)
        for start in 0..<8 {
            var output = Array(allowed[start...])
            PageRenderer.replaceControlCharacters(in: &output)
            #expect(output == Array(allowed[start...]))
        }
    }
}
