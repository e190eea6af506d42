/// The byte-level reading of the small line files rmwiki keeps beside its output and cache (the build state, the
/// page records, the standby tree's record, the pictures' stamps): one record a line, fields split by spaces, the
/// last field free to hold spaces (a path). Read as bytes, not `String`s: some are read on every build, and
/// Foundation's splitting cost more than the lines' use.
package enum LineRecords {
    /// The lines of a file written whole, nil unless it ends with a line break: a file cut short (a full disk, a
    /// copy interrupted) is never taken for a shorter one.
    package static func lines(_ bytes: [UInt8]) -> ArraySlice<ArraySlice<UInt8>>? {
        let lines = bytes.split(separator: newline, omittingEmptySubsequences: false)
        guard lines.count >= 2, lines.last?.isEmpty == true else { return nil }
        return lines.dropLast()
    }

    /// The first `count - 1` fields of `line` split at single spaces, then the rest of the line as the last. A search
    /// for each space: the standard library's `split` was a quarter of reading the page records (17,000 lines).
    package static func fields(_ line: ArraySlice<UInt8>, count: Int) -> [ArraySlice<UInt8>] {
        var fields: [ArraySlice<UInt8>] = []
        fields.reserveCapacity(max(count, 1))
        var start = line.startIndex
        while fields.count < count - 1, let found = line[start...].firstIndex(of: space) {
            fields.append(line[start..<found])
            start = found + 1
        }
        fields.append(line[start...])
        return fields
    }

    /// A decimal integer, optionally negative; nil for anything else, an overflow included.
    package static func number(_ digits: ArraySlice<UInt8>) -> Int64? {
        var value: Int64 = 0
        var rest = digits[...]
        let negative = rest.first == UInt8(ascii: "-")
        if negative { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return nil }
        for byte in rest {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowedAgain) = shifted.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            if overflowed || overflowedAgain { return nil }
            value = next
        }
        return negative ? -value : value
    }

    /// Whether `text` fits in a line: it holds no line break. A byte search: Foundation's `contains` compares strings with
    /// a locale (a tenth of saving the page records; half of recording the standby).
    package static func fits(_ text: String) -> Bool { !text.utf8.contains(newline) }

    /// A field as text: a path, a digest.
    package static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    package static let newline = UInt8(ascii: "\n")
    package static let space = UInt8(ascii: " ")
}

extension [UInt8] {
    /// `fields` joined by single spaces, then a line break. Appended as bytes: a line's text through interpolation
    /// cost most of saving the page records and the build state (some 13,000 and 7,300 lines a build).
    package mutating func append(line fields: [String]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { append(LineRecords.space) }
            append(contentsOf: field.utf8)
        }
        append(LineRecords.newline)
    }

    /// `fields` and `numbers` joined by commas as a last field (a joined string was most of writing a long list), then
    /// a line break.
    package mutating func append(line fields: [String], numbers: [Int]) {
        for field in fields {
            append(contentsOf: field.utf8)
            append(LineRecords.space)
        }
        for (index, number) in numbers.enumerated() {
            if index > 0 { append(UInt8(ascii: ",")) }
            append(decimal: Int64(number))
        }
        append(LineRecords.newline)
    }

    /// `number` in decimal, without a `String` in between.
    package mutating func append(decimal number: Int64) {
        if number < 0 { append(UInt8(ascii: "-")) }
        append(decimal: number.magnitude)
    }

    package mutating func append(decimal number: UInt64) {
        var divisor: UInt64 = 1
        while number / divisor >= 10 { divisor *= 10 }
        var rest = number
        repeat {
            append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        } while divisor > 0
    }
}
