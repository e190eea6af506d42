/// How many single-character edits (insert, delete, replace) turn one word into another: what "did you mean"
/// ranks names by, for a misspelt command and a wiki link to nothing alike.
package enum EditDistance {
    /// Levenshtein distance; past `limit` the work stops and `limit + 1` is returned, so one long name costs
    /// little when only near ones matter.
    package static func between(_ a: [Character], _ b: [Character], limit: Int = .max) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            if limit < .max, current.min() ?? 0 > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }
}
