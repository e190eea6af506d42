/// The byte-level half of JSON (RFC 8259) that every JSON reader of the project needs: whitespace, strings with
/// their escapes, number tokens, literals and structural bytes. The readers above it (the template engine's
/// `MustacheValue(json:)`, the snapshot reader, `JSONDiagnosis` and the content folder's local records) decide the
/// document's shape; it reports each failure as a reason and a byte offset, so a reader can name line and column
/// or the field where it stopped. Inlinable because the snapshot reader's speed rests on these loops.
package struct JSONScanner {
    package struct Failure: Error, Equatable, Sendable {
        package enum Reason: Equatable, Sendable {
            case unterminatedString, controlCharacter, invalidUTF8, invalidEscape
            case truncatedUnicodeEscape, invalidHexDigit, unpairedSurrogate, surrogateEscape
            case invalidNumber, missingFractionDigits, missingExponentDigits

            package var message: String {
                switch self {
                case .unterminatedString: "unterminated string"
                case .controlCharacter: "control character in a string"
                case .invalidUTF8: "invalid UTF-8 in a string"
                case .invalidEscape: "invalid escape sequence"
                case .truncatedUnicodeEscape: "truncated \\u escape"
                case .invalidHexDigit: "invalid hex digit in \\u escape"
                case .unpairedSurrogate: "unpaired surrogate in \\u escape"
                case .surrogateEscape: "surrogate in \\u escape"
                case .invalidNumber: "invalid number"
                case .missingFractionDigits: "invalid number: digits expected after '.'"
                case .missingExponentDigits: "invalid number: digits expected in exponent"
                }
            }
        }

        package let reason: Reason
        package let offset: Int

        @inlinable package init(_ reason: Reason, at offset: Int) {
            self.reason = reason
            self.offset = offset
        }
    }

    /// Where a number's text lies; readers turn it into the value they need.
    package struct Number: Equatable, Sendable {
        package let range: Range<Int>
        package let isInteger: Bool

        @inlinable package init(range: Range<Int>, isInteger: Bool) {
            self.range = range
            self.isInteger = isInteger
        }
    }

    package let bytes: UnsafeBufferPointer<UInt8>
    package var position: Int

    @inlinable package init(bytes: UnsafeBufferPointer<UInt8>, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    @inlinable package var isAtEnd: Bool { position >= bytes.count }

    /// The next byte without consuming it; nil at the end.
    @inlinable package var next: UInt8? { position < bytes.count ? bytes[position] : nil }

    @inlinable package mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// Consumes `byte` after whitespace if it comes next.
    @inlinable package mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Consumes `word` (`true`, `false`, `null`) if it starts here.
    @inlinable package mutating func takeLiteral(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected in
            bytes.count - position >= count && bytes[position..<position + count].elementsEqual(expected)
        }
        if matches { position += count }
        return matches
    }

    /// The rest of a string after its opening quote, which the caller has taken (it decides what a missing one
    /// means). `combiningSurrogatePairs: false` refuses every surrogate escape, for a reader that leaves those
    /// strings to a fuller decoder.
    @inlinable package mutating func readString(combiningSurrogatePairs: Bool = true) throws(Failure) -> String {
        let start = position
        var ascii = true
        // Fast path: no escapes, the text is the bytes as they are (and ASCII needs no validation).
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[start..<position])
                if ascii { position += 1; return String(decoding: text, as: UTF8.self) }
                // Reported at the closing quote, as the Mustache reader always has.
                guard let string = String(validating: text, as: UTF8.self) else { throw Failure(.invalidUTF8, at: position) }
                position += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw Failure(.controlCharacter, at: position) }
            if byte >= 0x80 { ascii = false }
            position += 1
        }
        var text = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                // Reported after the closing quote, as the Mustache reader always has.
                guard let string = String(validating: text, as: UTF8.self) else { throw Failure(.invalidUTF8, at: position) }
                return string
            case UInt8(ascii: "\\"):
                try readEscape(into: &text, combiningSurrogatePairs: combiningSurrogatePairs)
            case 0..<0x20:
                throw Failure(.controlCharacter, at: position)
            default:
                text.append(byte)
                position += 1
            }
        }
        throw Failure(.unterminatedString, at: position)
    }

    @inlinable mutating func readEscape(into output: inout [UInt8], combiningSurrogatePairs: Bool) throws(Failure) {
        position += 1
        guard position < bytes.count else { throw Failure(.unterminatedString, at: position) }
        let escaped = bytes[position]
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escaped)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            position += 1
            var code = try readHex4()
            if (0xD800..<0xE000).contains(code), !combiningSurrogatePairs { throw Failure(.surrogateEscape, at: position) }
            if (0xD800..<0xDC00).contains(code) {
                guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
                      bytes[position + 1] == UInt8(ascii: "u")
                else { throw Failure(.unpairedSurrogate, at: position) }
                position += 2
                let low = try readHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw Failure(.unpairedSurrogate, at: position) }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            // A lone low surrogate is no scalar.
            guard let scalar = Unicode.Scalar(code) else { throw Failure(.unpairedSurrogate, at: position) }
            UTF8.encode(scalar) { output.append($0) }
            return
        default:
            throw Failure(.invalidEscape, at: position)
        }
        position += 1
    }

    @inlinable mutating func readHex4() throws(Failure) -> UInt32 {
        guard bytes.count - position >= 4 else { throw Failure(.truncatedUnicodeEscape, at: position) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Failure(.invalidHexDigit, at: position)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// A number token: optional minus, digits without a leading zero, optional fraction and exponent.
    @inlinable package mutating func readNumber() throws(Failure) -> Number {
        let start = position
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, Self.isDigit(bytes[position]) else { throw Failure(.invalidNumber, at: position) }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, Self.isDigit(bytes[position]) else { throw Failure(.missingFractionDigits, at: position) }
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, Self.isDigit(bytes[position]) else { throw Failure(.missingExponentDigits, at: position) }
            skipDigits()
        }
        return Number(range: start..<position, isInteger: isInteger)
    }

    /// The value of an integer token; nil for a fraction or exponent, or beyond `Int`.
    @inlinable package func integer(_ number: Number) -> Int? {
        guard number.isInteger else { return nil }
        let negative = bytes[number.range.lowerBound] == UInt8(ascii: "-")
        var value = 0
        for byte in bytes[(negative ? number.range.lowerBound + 1 : number.range.lowerBound)..<number.range.upperBound] {
            let digit = Int(byte - UInt8(ascii: "0"))
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            // Accumulating downwards for a negative reaches `Int.min`, which has no positive twin.
            let (next, overflowAgain) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow, !overflowAgain else { return nil }
            value = next
        }
        return value
    }

    @inlinable static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    @inlinable mutating func skipDigits() {
        while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
    }
}
