import Foundation

extension MustacheValue {
    /// Parses JSON text. Integers stay `.int` (`85` renders as `85`); those beyond `Int` keep their
    /// exact digits as `.string`; other numbers are `.double`.
    /// Bad JSON throws a `MustacheError` (kind `.invalidJSON`) naming `sourceName`, line and column.
    public init(json: [UInt8], sourceName: String = "JSON") throws {
        var reader = JSONReader(bytes: json, sourceName: sourceName)
        self = try reader.read()
    }

    /// Parses JSON data; see `init(json:sourceName:)` for `[UInt8]`.
    public init(json: Data, sourceName: String = "JSON") throws {
        try self.init(json: [UInt8](json), sourceName: sourceName)
    }
}

/// A strict JSON (RFC 8259) reader producing `MustacheValue`s: integers that fit in `Int` stay
/// `.int`, larger ones `.string` (a double would print other digits), other numbers become
/// `.double`. Errors point at the offending byte.
struct JSONReader {
    /// Deeper documents are refused rather than risking the stack.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private let sourceName: String
    private var position = 0
    private var depth = 0

    init(bytes: [UInt8], sourceName: String) {
        self.bytes = bytes
        self.sourceName = sourceName
    }

    mutating func read() throws -> MustacheValue {
        // A UTF-8 byte order mark is tolerated, as most editors may write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        let value = try readValue()
        skipWhitespace()
        guard position == bytes.count else { throw error("unexpected text after the JSON value") }
        return value
    }

    private func error(_ message: String) -> MustacheError {
        MustacheError(.invalidJSON, "invalid JSON: \(message)", templateName: sourceName, source: bytes, offset: position)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func readValue() throws -> MustacheValue {
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try readLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw error("unexpected character, expected a value")
        }
    }

    private mutating func readLiteral(_ word: StaticString, _ value: MustacheValue) throws -> MustacheValue {
        let matches = word.withUTF8Buffer { expected in
            bytes.count - position >= expected.count && bytes[position..<position + expected.count].elementsEqual(expected)
        }
        guard matches else { throw error("unexpected character, expected a value") }
        position += word.utf8CodeUnitCount
        return value
    }

    private mutating func enter() throws {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
        position += 1
    }

    private mutating func readObject() throws -> MustacheValue {
        try enter()
        var members: [String: MustacheValue] = [:]
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a string key")
            }
            let key = try readString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':'") }
            position += 1
            members[key] = try readValue()
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input in an object") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "}") {
                position += 1
                depth -= 1
                return .object(members)
            } else {
                throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func readArray() throws -> MustacheValue {
        try enter()
        var items: [MustacheValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(items)
        }
        while true {
            items.append(try readValue())
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input in an array") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "]") {
                position += 1
                depth -= 1
                return .array(items)
            } else {
                throw error("expected ',' or ']'")
            }
        }
    }

    private mutating func readString() throws -> String {
        position += 1
        let start = position
        // Fast path: no escapes, copy the bytes as they are.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = try decodeUTF8(start..<position)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in a string") }
            position += 1
        }
        var scalars = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return try decodeUTF8(bytes: scalars)
            case UInt8(ascii: "\\"):
                try readEscape(into: &scalars)
            case 0..<0x20:
                throw error("control character in a string")
            default:
                scalars.append(byte)
                position += 1
            }
        }
        throw error("unterminated string")
    }

    private func decodeUTF8(_ range: Range<Int>) throws -> String {
        try decodeUTF8(bytes: bytes[range])
    }

    /// Validates before decoding: `String(decoding:)` would silently replace bad bytes.
    private func decodeUTF8<Bytes: Collection<UInt8>>(bytes text: Bytes) throws -> String {
        var iterator = text.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return String(decoding: text, as: UTF8.self)
            case .error: throw error("invalid UTF-8 in a string")
            }
        }
    }

    private mutating func readEscape(into output: inout [UInt8]) throws {
        position += 1
        guard position < bytes.count else { throw error("unterminated string") }
        let escaped = bytes[position]
        position += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escaped)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var code = try readHex4()
            if (0xD800..<0xDC00).contains(code) {
                guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
                      bytes[position + 1] == UInt8(ascii: "u")
                else { throw error("unpaired surrogate in \\u escape") }
                position += 2
                let low = try readHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else { throw error("unpaired surrogate in \\u escape") }
            output.append(contentsOf: String(Character(scalar)).utf8)
        default:
            position -= 1
            throw error("invalid escape sequence")
        }
    }

    private mutating func readHex4() throws -> UInt32 {
        guard bytes.count - position >= 4 else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    private mutating func readNumber() throws -> MustacheValue {
        let start = position
        var isInteger = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number: digits expected after '.'") }
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number: digits expected in exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger { return Int(text).map(MustacheValue.int) ?? .string(text) }
        guard let number = Double(text) else { throw error("invalid number") }
        return .double(number)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
}
