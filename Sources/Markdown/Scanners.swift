/// Link labels, destinations and titles, shared by reference definitions and inline links.
enum LinkScanner {
    /// `[label]` at `start`: the position after `]` and the trimmed label. Labels stop at 999 characters.
    static func label(_ text: [UInt8], at start: Int) -> (Int, ArraySlice<UInt8>)? {
        guard start < text.count && text[start] == UInt8(ascii: "[") else { return nil }
        var i = start + 1
        var length = 0
        while i < text.count {
            let c = text[i]
            if c == UInt8(ascii: "[") { return nil }
            if c == UInt8(ascii: "]") {
                return (i + 1, trimmed(text[(start + 1)..<i]))
            }
            if c == UInt8(ascii: "\\") {
                i += 1
                length += 1
                if i < text.count && isASCIIPunctuation(text[i]) {
                    i += 1
                    length += 1
                }
            } else {
                i += 1
                length += 1
            }
            if length > 999 { return nil }
        }
        return nil
    }

    static func skipSpaces(_ text: [UInt8], _ start: Int) -> Int {
        var i = start
        while i < text.count && isSpaceOrTab(text[i]) { i += 1 }
        return i
    }

    /// Spaces, at most one line ending, spaces.
    static func skipSpacesAndNewline(_ text: [UInt8], _ start: Int) -> Int {
        var i = skipSpaces(text, start)
        if i < text.count && text[i] == 0x0D { i += 1 }
        if i < text.count && text[i] == 0x0A { i += 1 }
        return skipSpaces(text, i)
    }

    static func skipWhitespace(_ text: [UInt8], _ start: Int) -> Int {
        var i = start
        while i < text.count && isWhitespace(text[i]) { i += 1 }
        return i
    }

    /// A destination at `start`: where it ends and its raw text (without angle brackets).
    /// Parentheses nest at most 32 deep, which also bounds how far a failing scan reads.
    static func destination(_ text: [UInt8], at start: Int, forDefinition: Bool) -> (Int, ArraySlice<UInt8>)? {
        if start < text.count && text[start] == UInt8(ascii: "<") {
            var i = start + 1
            while i < text.count {
                let c = text[i]
                if c == UInt8(ascii: ">") { return (i + 1, text[(start + 1)..<i]) }
                if c == UInt8(ascii: "\\") {
                    i += 2
                    continue
                }
                if c == 0x0A || c == 0x0D || c == UInt8(ascii: "<") { return nil }
                i += 1
            }
            return nil
        }
        var i = start
        var depth = 0
        while i < text.count {
            let c = text[i]
            if c == UInt8(ascii: "\\") && i + 1 < text.count && isASCIIPunctuation(text[i + 1]) {
                i += 2
            } else if c == UInt8(ascii: "(") {
                depth += 1
                i += 1
                if depth > 32 { return nil }
            } else if c == UInt8(ascii: ")") {
                if depth == 0 { break }
                depth -= 1
                i += 1
            } else if isWhitespace(c) || c < 0x20 {
                if i == start && forDefinition { return nil }
                break
            } else {
                i += 1
            }
        }
        if i >= text.count || depth != 0 { return nil }
        if i == start && forDefinition { return nil }
        return (i, text[start..<i])
    }

    /// A title in `"…"`, `'…'` or `(…)`: where it ends and its raw text (without the delimiters).
    static func title(_ text: [UInt8], at start: Int) -> (Int, ArraySlice<UInt8>)? {
        guard start < text.count else { return nil }
        let open = text[start]
        let close: UInt8
        switch open {
        case UInt8(ascii: "\""): close = open
        case UInt8(ascii: "'"): close = open
        case UInt8(ascii: "("): close = UInt8(ascii: ")")
        default: return nil
        }
        var i = start + 1
        while i < text.count {
            let c = text[i]
            if c == UInt8(ascii: "\\") && i + 1 < text.count && isASCIIPunctuation(text[i + 1]) {
                i += 2
                continue
            }
            if c == close { return (i + 1, text[(start + 1)..<i]) }
            if open == UInt8(ascii: "(") && c == UInt8(ascii: "(") { return nil }
            i += 1
        }
        return nil
    }

    /// Case-folded, inner whitespace collapsed to one space: how labels match.
    static func normalizedLabel(_ label: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(label.count)
        var ascii = true
        var space = false
        for c in label {
            if isWhitespace(c) {
                space = true
                continue
            }
            if space && !out.isEmpty { out.append(0x20) }
            space = false
            if c >= 0x80 { ascii = false }
            out.append(c >= 0x41 && c <= 0x5A ? c | 0x20 : c)
        }
        if ascii { return out }
        // Full case folding maps ẞ and SS alike; lower-upper-lower reaches the same for the cases that matter.
        let folded = String(decoding: out, as: UTF8.self).lowercased().uppercased().lowercased()
        return Array(folded.utf8)
    }
}

/// Raw HTML: open and closing tags, comments, processing instructions, declarations, CDATA.
enum HTMLScanner {
    /// An open or closing tag starting at `<`: the position after its `>`.
    static func tag(_ text: [UInt8], at start: Int, end: Int, allowNewlines: Bool) -> Int? {
        var i = start + 1
        guard i < end else { return nil }
        func isSpace(_ c: UInt8) -> Bool {
            c == 0x20 || c == 0x09 || c == 0x0B || c == 0x0C || (allowNewlines && (c == 0x0A || c == 0x0D))
        }
        if text[i] == UInt8(ascii: "/") {
            i += 1
            guard i < end, isLetter(text[i]) else { return nil }
            while i < end && (isLetter(text[i]) || isDigit(text[i]) || text[i] == UInt8(ascii: "-")) { i += 1 }
            while i < end && isSpace(text[i]) { i += 1 }
            return i < end && text[i] == UInt8(ascii: ">") ? i + 1 : nil
        }
        guard isLetter(text[i]) else { return nil }
        while i < end && (isLetter(text[i]) || isDigit(text[i]) || text[i] == UInt8(ascii: "-")) { i += 1 }
        while true {
            // An attribute needs whitespace before it.
            let beforeSpace = i
            while i < end && isSpace(text[i]) { i += 1 }
            guard i < end else { return nil }
            let c = text[i]
            if c == UInt8(ascii: ">") { return i + 1 }
            if c == UInt8(ascii: "/") { return i + 1 < end && text[i + 1] == UInt8(ascii: ">") ? i + 2 : nil }
            guard i > beforeSpace, isLetter(c) || c == UInt8(ascii: "_") || c == UInt8(ascii: ":") else { return nil }
            i += 1
            while i < end {
                let n = text[i]
                guard isLetter(n) || isDigit(n) || n == UInt8(ascii: "_") || n == UInt8(ascii: ".")
                    || n == UInt8(ascii: ":") || n == UInt8(ascii: "-")
                else { break }
                i += 1
            }
            // Optional value.
            var j = i
            while j < end && isSpace(text[j]) { j += 1 }
            guard j < end, text[j] == UInt8(ascii: "=") else { continue }
            j += 1
            while j < end && isSpace(text[j]) { j += 1 }
            guard j < end else { return nil }
            let quote = text[j]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                j += 1
                while j < end && text[j] != quote {
                    if !allowNewlines && (text[j] == 0x0A || text[j] == 0x0D) { return nil }
                    j += 1
                }
                guard j < end else { return nil }
                i = j + 1
            } else {
                let valueStart = j
                while j < end {
                    let v = text[j]
                    if isWhitespace(v) || v == UInt8(ascii: "\"") || v == UInt8(ascii: "'") || v == UInt8(ascii: "=")
                        || v == UInt8(ascii: "<") || v == UInt8(ascii: ">") || v == UInt8(ascii: "`")
                    {
                        break
                    }
                    j += 1
                }
                guard j > valueStart else { return nil }
                i = j
            }
        }
    }

    /// The first occurrence of `needle` at or after `start`: the position after it.
    static func find(_ needle: [UInt8], in text: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= text.count else { return nil }
        var i = start
        let last = text.count - needle.count
        while i <= last {
            if text[i] == first {
                var k = 1
                while k < needle.count && text[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i + needle.count }
            }
            i += 1
        }
        return nil
    }
}

@inline(__always) func isASCIIPunctuation(_ c: UInt8) -> Bool {
    (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) || (c >= 0x7B && c <= 0x7E)
}

@inline(__always) func isAlphanumeric(_ c: UInt8) -> Bool { isLetter(c) || isDigit(c) }

/// Backslash escapes and character references, as in link destinations, titles and info strings.
enum Inlines {
    static func unescaped(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c == UInt8(ascii: "\\") && i + 1 < text.endIndex && isASCIIPunctuation(text[i + 1]) {
                out.append(text[i + 1])
                i += 2
            } else if c == UInt8(ascii: "&"), let (decoded, length) = Entities.decode(text, at: i) {
                out.append(contentsOf: decoded)
                i += length
            } else {
                out.append(c)
                i += 1
            }
        }
        return out
    }
}

enum Entities {
    static let named: [[UInt8]: [UInt8]] = {
        var table: [[UInt8]: [UInt8]] = [:]
        table.reserveCapacity(2200)
        for line in namedEntityTable.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            table[Array(line[..<space].utf8)] = Array(line[line.index(after: space)...].utf8)
        }
        return table
    }()

    /// A character reference at `&`: its UTF-8 and its length in the source.
    static func decode<C: RandomAccessCollection>(_ text: C, at start: C.Index) -> ([UInt8], Int)?
    where C.Element == UInt8, C.Index == Int {
        var i = start + 1
        guard i < text.endIndex else { return nil }
        if text[i] == UInt8(ascii: "#") {
            i += 1
            var value = 0
            var digits = 0
            if i < text.endIndex && (text[i] | 0x20) == UInt8(ascii: "x") {
                i += 1
                while i < text.endIndex, digits < 7, let digit = hexValue(text[i]) {
                    value = value * 16 + digit
                    digits += 1
                    i += 1
                }
                guard digits >= 1 && digits <= 6 else { return nil }
            } else {
                while i < text.endIndex && digits < 8 && isDigit(text[i]) {
                    value = value * 10 + Int(text[i] - 0x30)
                    digits += 1
                    i += 1
                }
                guard digits >= 1 && digits <= 7 else { return nil }
            }
            guard i < text.endIndex && text[i] == UInt8(ascii: ";") else { return nil }
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            return (Array(String(Character(scalar ?? "\u{FFFD}")).utf8), i + 1 - start)
        }
        let nameStart = i
        while i < text.endIndex && i - nameStart <= 32 && isAlphanumeric(text[i]) { i += 1 }
        guard i > nameStart, i < text.endIndex, text[i] == UInt8(ascii: ";"),
            let decoded = named[Array(text[nameStart..<i])]
        else { return nil }
        return (decoded, i + 1 - start)
    }

    static func hexValue(_ c: UInt8) -> Int? {
        if isDigit(c) { return Int(c - 0x30) }
        let lower = c | 0x20
        if lower >= 0x61 && lower <= 0x66 { return Int(lower - 0x61 + 10) }
        return nil
    }
}

/// Invalid UTF-8 and NUL become U+FFFD before parsing, as the spec asks.
public enum UTF8Repair {
    /// The byte offset of the first invalid UTF-8 sequence, or nil when the text is valid.
    public static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        var i = 0
        let count = bytes.count
        while i < count {
            let c = bytes[i]
            if c < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var minimum: UInt32
            var value: UInt32
            switch c {
            case 0xC2...0xDF: length = 2; minimum = 0x80; value = UInt32(c & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; value = UInt32(c & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; value = UInt32(c & 0x07)
            default: return i
            }
            guard i + length <= count else { return i }
            for k in 1..<length {
                let continuation = bytes[i + k]
                guard continuation & 0xC0 == 0x80 else { return i }
                value = value << 6 | UInt32(continuation & 0x3F)
            }
            if value < minimum || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF) { return i }
            i += length
        }
        return nil
    }

    static func repaired(_ bytes: [UInt8]) -> [UInt8] {
        let hasNUL = bytes.withUnsafeBufferPointer { $0.contains(0) }
        if !hasNUL && firstInvalidOffset(bytes) == nil { return bytes }
        var text = Array(String(decoding: bytes, as: UTF8.self).utf8)
        if hasNUL {
            var out: [UInt8] = []
            out.reserveCapacity(text.count + 16)
            for c in text {
                if c == 0 { out += [0xEF, 0xBF, 0xBD] } else { out.append(c) }
            }
            text = out
        }
        return text
    }
}
