/// Numbers as text with a locale's group separator, without Foundation's locale machinery (deterministic).
package enum NumberText {
    package static func grouped(_ value: Int, separator: String) -> String {
        let digits = String(value.magnitude)
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (value < 0 ? "-" : "") + groups.joined(separator: separator)
    }
}
