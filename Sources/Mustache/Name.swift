/// A variable name split once at parse time: `a.b.c` → `a` then `["b", "c"]`; `.` has no parts.
struct Name: Sendable {
    /// The first part, looked up through the context stack; nil for the implicit iterator `.`.
    let first: String?
    /// The parts looked up, in order, inside the value `first` found.
    let rest: [String]
    let text: String

    static let implicitIterator = Name(first: nil, rest: [], text: ".")

    private init(first: String?, rest: [String], text: String) {
        self.first = first
        self.rest = rest
        self.text = text
    }

    /// Nil for names the spec does not allow (empty parts such as `a..b` or `.a`).
    init?(_ text: String) {
        if text == "." {
            self = .implicitIterator
            return
        }
        let split = text.split(separator: ".", omittingEmptySubsequences: false)
        guard let head = split.first, !split.contains(where: \.isEmpty) else { return nil }
        self.init(first: String(head), rest: split.dropFirst().map(String.init), text: text)
    }
}
