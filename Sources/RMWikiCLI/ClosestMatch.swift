/// Suggests the name a user probably meant, by edit distance, as shells and git do.
enum ClosestMatch {
    static func find(_ input: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(input.lowercased(), $0)) }
        guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { return nil }
        // Close enough: a third of the word may differ, or the input is a prefix of it.
        return best.1 <= max(2, best.0.count / 3) || best.0.hasPrefix(input.lowercased()) ? best.0 : nil
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
