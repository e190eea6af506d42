import Primitives
import Testing

@Suite struct ByteSearchTests {
    @Test func occurrencesAreFoundLeftToRightWithoutOverlapping() {
        func starts(_ text: String, _ marker: String) -> [Int] {
            let bytes = Array(text.utf8)
            return bytes.occurrences(of: Array(marker.utf8))
        }
        #expect(starts("a {{x}} b {{x}}", "{{x}}") == [2, 10])
        #expect(starts("aaaa", "aa") == [0, 2])
        #expect(starts("{{x", "{{x}}") == [])
        #expect(starts("abc", "") == [])
        #expect(starts("", "a") == [])
        #expect(starts("é{{x}}", "{{x}}") == [2], "byte offsets")
    }
}
