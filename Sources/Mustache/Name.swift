/// A variable name split once at parse time: `a.b.c` → `["a", "b", "c"]`; `.` → `[]`.
struct Name: Sendable {
    let parts: [String]
    let text: String

    static let implicitIterator = Name(parts: [], text: ".")

    private init(parts: [String], text: String) {
        self.parts = parts
        self.text = text
    }

    var isImplicitIterator: Bool { parts.isEmpty }

    /// Nil for names the spec does not allow (empty parts such as `a..b` or `.a`).
    init?(_ text: String) {
        self.text = text
        if text == "." {
            parts = []
            return
        }
        let split = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !split.contains(where: \.isEmpty) else { return nil }
        parts = split.map(String.init)
    }
}
